import RxCocoa
import RxSwift
import UIKit

/// UIKit bindings, as RxCocoa writes them.
final class SearchViewController: UIViewController {
    private let searchField = UITextField()
    private let refreshButton = UIButton()
    private let emptyLabel = UILabel()
    private let tableView = UITableView()
    private let disposeBag = DisposeBag()
    var viewModel: SearchViewModel!

    override func viewDidLoad() {
        super.viewDidLoad()
        searchField.rx.text.orEmpty
            .bind(to: viewModel.query)
            .disposed(by: disposeBag)
        refreshButton.rx.tap
            .bind(to: viewModel.refresh)
            .disposed(by: disposeBag)
        viewModel.results
            .drive(tableView.rx.items(cellIdentifier: "Cell")) { _, result, cell in
                cell.textLabel?.text = result.title
            }
            .disposed(by: disposeBag)
        viewModel.isEmpty
            .map { !$0 }
            .bind(to: emptyLabel.rx.isHidden)
            .disposed(by: disposeBag)
        let titles = ["a", "b"].map { $0.uppercased() }
        print(titles)
    }
}
