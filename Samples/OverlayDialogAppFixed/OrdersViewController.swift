import SwiftUI
import UIKit

struct Order: Identifiable, Hashable {
    enum Status: String {
        case preparing = "Preparing"
        case onTheWay = "On the Way"
        case delivered = "Delivered"
        case cancelled = "Cancelled"
    }

    let id: String
    var restaurant: String
    var items: [String]
    var total: Decimal
    var status: Status
    var courierName: String
    var placedAt: Date
}

@MainActor
final class OrderStore: ObservableObject {
    @Published private(set) var orders: [Order] = []
    private let api = CourierAPI()
    private var pollingTask: Task<Void, Never>?

    func refresh() async {
        if let latest = try? await api.fetchOrders() {
            orders = latest
        }
    }

    func cancel(_ order: Order) async throws {
        try await api.cancelOrder(id: order.id)
        await refresh()
    }

    func reorder(_ order: Order) async throws {
        try await api.placeOrder(copying: order.id)
        await refresh()
    }

    func rate(_ order: Order, stars: Int, tip: Decimal) async throws {
        try await api.rateDelivery(orderID: order.id, stars: stars, tip: tip)
    }

    func registerPushToken(_ token: String) async {
        try? await api.registerDevice(pushToken: token)
    }

    func cancelPolling() {
        pollingTask?.cancel()
        pollingTask = nil
    }
}

/// Order history. Order screens themselves are SwiftUI, pushed onto this
/// navigation stack in a hosting controller.
final class OrdersViewController: UITableViewController {
    private let store: OrderStore
    private var orders: [Order] = []
    private var observation: Task<Void, Never>?

    init(store: OrderStore) {
        self.store = store
        super.init(style: .insetGrouped)
        title = "Orders"
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    deinit {
        observation?.cancel()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "order")
        refreshControl = UIRefreshControl(frame: .zero, primaryAction: UIAction { [weak self] _ in
            Task {
                await self?.store.refresh()
                self?.refreshControl?.endRefreshing()
            }
        })
        observation = Task { [weak self] in
            guard let store = self?.store else { return }
            for await orders in store.$orders.values {
                self?.orders = orders
                self?.tableView.reloadData()
            }
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        orders.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let order = orders[indexPath.row]
        let cell = tableView.dequeueReusableCell(withIdentifier: "order", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = order.restaurant
        content.secondaryText = "\(order.status.rawValue) \u{00B7} \(order.total.formatted(.currency(code: "USD")))"
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let order = orders[indexPath.row]
        let hostingController: UIViewController
        if order.status == .delivered {
            hostingController = UIHostingController(rootView: RateCourierView(store: store, order: order))
        } else {
            let detail = OrderDetailView(store: store, order: order) { [weak self] order, completion in
                self?.presentCancelDialog(for: order, completion: completion)
            }
            hostingController = UIHostingController(rootView: detail)
        }
        hostingController.title = order.restaurant
        hostingController.navigationItem.largeTitleDisplayMode = .never
        navigationController?.pushViewController(hostingController, animated: true)
    }

    override func tableView(
        _ tableView: UITableView,
        trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        let order = orders[indexPath.row]
        let reorder = UIContextualAction(style: .normal, title: "Reorder") { [store, weak self] _, _, completion in
            LoadingHUD.show("Placing order", in: self?.view.window)
            Task {
                try? await store.reorder(order)
                LoadingHUD.hide()
                completion(true)
            }
        }
        reorder.backgroundColor = AppTheme.brand
        return UISwipeActionsConfiguration(actions: [reorder])
    }

    // MARK: - Cancelling

    /// Shows the cancel confirmation in its own hosting controller, presented
    /// over the full screen so the dimming covers the navigation bar as well.
    private func presentCancelDialog(for order: Order, completion: @escaping (Error?) -> Void) {
        weak var dialog: UIViewController?
        let screen = CancelOrderDialogScreen(
            order: order,
            onConfirm: { [weak self] in
                dialog?.dismiss(animated: true) {
                    self?.cancel(order, completion: completion)
                }
            },
            onDismiss: { dialog?.dismiss(animated: true) }
        )
        let host = UIHostingController(rootView: screen)
        host.modalPresentationStyle = .overFullScreen
        host.modalTransitionStyle = .crossDissolve
        host.view.backgroundColor = .clear
        dialog = host
        (navigationController ?? self).present(host, animated: true)
    }

    private func cancel(_ order: Order, completion: @escaping (Error?) -> Void) {
        LoadingHUD.show("Cancelling order", in: view.window)
        Task {
            do {
                try await store.cancel(order)
                completion(nil)
            } catch {
                completion(error)
            }
            LoadingHUD.hide()
        }
    }
}
