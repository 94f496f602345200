import Foundation
import Testing
@testable import MigratorCore

/// The JSON report against the schema documented in Migrator/README.md: every field the output has is documented
/// (with its type), and every documented field shows up in a real report.
@Suite struct JSONSchemaTests {
    static func schema() throws -> [String: Any] {
        let readme = try Paths.read(Paths.tests.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md"))
        let marker = try #require(readme.range(of: "<!-- rxmigrate-json-schema -->"))
        let rest = readme[marker.upperBound...]
        let open = try #require(rest.range(of: "```json\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```"))
        let data = Data(rest[open.upperBound..<close.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// A small validator for the schema's vocabulary: type, enum, properties, required, additionalProperties, items, $ref.
    final class Validator {
        let root: [String: Any]
        var errors: [String] = []
        var seen = Set<String>()

        init(root: [String: Any]) {
            self.root = root
        }

        func resolve(_ schema: [String: Any]) -> [String: Any] {
            guard let reference = schema["$ref"] as? String else { return schema }
            let name = String(reference.split(separator: "/").last!)
            return (root["$defs"] as! [String: Any])[name] as! [String: Any]
        }

        func validate(_ value: Any, _ rawSchema: [String: Any], at path: String) {
            let schema = resolve(rawSchema)
            seen.insert(path)
            if let options = schema["enum"] as? [String] {
                if !(value is String) || !options.contains(value as! String) { errors.append("\(path): \(value) is not one of \(options)") }
                return
            }
            switch schema["type"] as? String {
            case "object":
                guard let object = value as? [String: Any] else { errors.append("\(path): not an object"); return }
                let properties = schema["properties"] as? [String: Any] ?? [:]
                for key in schema["required"] as? [String] ?? [] where object[key] == nil { errors.append("\(path).\(key): missing") }
                for (key, item) in object {
                    guard let property = properties[key] as? [String: Any] else {
                        errors.append("\(path).\(key): not in the schema")
                        continue
                    }
                    validate(item, property, at: "\(path).\(key)")
                }
            case "array":
                guard let array = value as? [Any] else { errors.append("\(path): not an array"); return }
                for item in array { validate(item, schema["items"] as? [String: Any] ?? [:], at: "\(path)[]") }
            case "string":
                if !(value is String) { errors.append("\(path): not a string") }
            case "integer":
                if !(value is Int) || (value as? Double).map({ $0 != $0.rounded() }) == true {
                    errors.append("\(path): not an integer")
                }
            case "number":
                if !(value is NSNumber) { errors.append("\(path): not a number") }
            case "boolean":
                if !(value is Bool) { errors.append("\(path): not a boolean") }
            default:
                errors.append("\(path): the schema has no type")
            }
        }

        /// Every property path the schema documents.
        func documented(_ rawSchema: [String: Any], at path: String, into paths: inout Set<String>) {
            let schema = resolve(rawSchema)
            paths.insert(path)
            for (key, property) in schema["properties"] as? [String: Any] ?? [:] {
                documented(property as! [String: Any], at: "\(path).\(key)", into: &paths)
            }
            if let items = schema["items"] as? [String: Any] { documented(items, at: "\(path)[]", into: &paths) }
        }
    }

    @Test func reportMatchesTheDocumentedSchema() throws {
        let schema = try Self.schema()
        // A report with every part filled: uses, seams, order, and a problem (a missing path).
        let root = Paths.fixtures.appendingPathComponent("Scan").path
        let report = Scanner().scan([root + "/App", root + "/AppTests", root + "/missing.swift"])
        #expect(!report.problems.isEmpty && !report.publicRxAPI.isEmpty && !report.order.isEmpty)
        let json = try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(report).utf8))
        let validator = Validator(root: schema)
        validator.validate(json, schema, at: "$")
        #expect(validator.errors.isEmpty, "\(validator.errors.joined(separator: "\n"))")
        var documented = Set<String>()
        validator.documented(schema, at: "$", into: &documented)
        #expect(documented.subtracting(validator.seen).isEmpty, "documented but never written: \(documented.subtracting(validator.seen).sorted())")
    }

    @Test func schemaVersionIsOne() throws {
        let report = Scanner().scan([Paths.fixtures.appendingPathComponent("Scan/LookAlikes").path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ReportFormat.json.render(report).utf8)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
    }
}
