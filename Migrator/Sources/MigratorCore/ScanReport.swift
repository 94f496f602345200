/// The result of `rxmigrate scan`, as the JSON format writes it (schema in Migrator/README.md).
public struct ScanReport: Codable, Sendable {
    /// Bumped when a field changes meaning or goes away; new fields keep the version.
    public var schemaVersion = 1
    public var roots: [String]
    public var totals: Totals
    public var uses: [Use]
    public var files: [FileSummary]
    public var directories: [DirectorySummary]
    public var apis: [APISummary]
    public var publicRxAPI: [PublicRxFile]
    public var order: [OrderStep]
    public var problems: [FileProblem]

    public struct Totals: Codable, Sendable {
        public var files: Int
        public var filesWithUses: Int
        public var lines: Int
        public var uses: Int
        public var certain: Int
        public var inferred: Int
        public var mechanical: Int
        public var review: Int
        public var manual: Int
        /// Share of uses that are mechanical, 0…1 (1 when there are none).
        public var readiness: Double
        public var problems: Int
    }

    /// One Rx use.
    public struct Use: Codable, Sendable, Hashable {
        public var file: String
        public var line: Int
        public var column: Int
        public var api: String
        /// The rule's id (its Rx cell without markup).
        public var rule: String
        public var counterpart: String
        public var status: MigrationStatus
        public var note: String
        public var effort: MigrationEffort
        public var certainty: Certainty
        public var guide: String
    }

    /// Counts for one file or directory.
    public struct Counts: Codable, Sendable, Hashable {
        public var uses = 0
        public var mechanical = 0
        public var review = 0
        public var manual = 0

        mutating func add(_ effort: MigrationEffort) {
            uses += 1
            switch effort {
            case .mechanical: mechanical += 1
            case .review: review += 1
            case .manual: manual += 1
            }
        }
    }

    public struct FileSummary: Codable, Sendable {
        public var path: String
        public var lines: Int
        public var counts: Counts
        /// service, view model, view, test or other: the layer used to order the migration.
        public var layer: String
        public var exposesRxInPublicAPI: Bool
    }

    public struct DirectorySummary: Codable, Sendable {
        public var path: String
        public var files: Int
        public var lines: Int
        public var counts: Counts
    }

    public struct APISummary: Codable, Sendable {
        public var api: String
        public var rule: String
        public var count: Int
        public var counterpart: String
        public var status: MigrationStatus
        public var effort: MigrationEffort
        public var guide: String
    }

    public struct PublicRxFile: Codable, Sendable {
        public var file: String
        public var declarations: [PublicRxDeclaration]
    }

    /// One step of the suggested order: a file, its layer, and the files with uses it waits for.
    public struct OrderStep: Codable, Sendable {
        public var file: String
        public var layer: String
        public var uses: Int
        public var after: [String]
    }
}
