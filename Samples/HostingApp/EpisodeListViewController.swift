import SwiftUI
import UIKit

/// The episode list with the SwiftUI player controls pinned under it.
final class EpisodeListViewController: UIViewController, UITableViewDataSource {
    private let tableView = UITableView()
    private let controls = UIHostingController(rootView: PlayerControls())
    private let episodes = [("Pilot", 42), ("The Long Way Round", 55), ("Finale", 61)]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Episodes"
        tableView.dataSource = self
        tableView.register(EpisodeCell.self, forCellReuseIdentifier: "episode")
        view.addSubview(tableView)

        // The speed sheet never appears: the controls' controller is not a child.
        view.addSubview(controls.view)
        controls.view.translatesAutoresizingMaskIntoConstraints = false
        tableView.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            tableView.topAnchor.constraint(equalTo: view.topAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            controls.view.topAnchor.constraint(equalTo: tableView.bottomAnchor),
            controls.view.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            controls.view.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            controls.view.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
        ])
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        episodes.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "episode", for: indexPath) as! EpisodeCell
        let (title, minutes) = episodes[indexPath.row]
        cell.show(title: title, minutes: minutes)
        return cell
    }
}

/// A row drawn by SwiftUI.
final class EpisodeCell: UITableViewCell {
    private var host: UIHostingController<EpisodeRow>?

    func show(title: String, minutes: Int) {
        host?.view.removeFromSuperview()
        let host = UIHostingController(rootView: EpisodeRow(title: title, minutes: minutes))
        self.host = host
        host.view.frame = contentView.bounds
        host.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(host.view)
    }
}
