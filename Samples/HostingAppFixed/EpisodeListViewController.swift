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
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "episode")
        view.addSubview(tableView)

        // A child view controller: appearance, safe area, traits and the speed sheet work.
        addChild(controls)
        view.addSubview(controls.view)
        controls.didMove(toParent: self)
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
        let cell = tableView.dequeueReusableCell(withIdentifier: "episode", for: indexPath)
        let (title, minutes) = episodes[indexPath.row]
        // iOS 16+: the configuration hosts the SwiftUI row and manages its controller.
        cell.contentConfiguration = UIHostingConfiguration {
            EpisodeRow(title: title, minutes: minutes)
        }
        return cell
    }
}
