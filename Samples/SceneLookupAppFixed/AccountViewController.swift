import UIKit

/// Profile, invite link, appearance and sign-out.
final class AccountViewController: UITableViewController {
    private enum Row: Int, CaseIterable {
        case invite, appearance, contactSupport, signOut
    }

    private let appearanceControl = UISegmentedControl(items: ["System", "Light", "Dark"])
    private let styles: [UIUserInterfaceStyle] = [.unspecified, .light, .dark]

    init() {
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Account"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")

        let stored = UserDefaults.standard.integer(forKey: "appearance")
        appearanceControl.selectedSegmentIndex = styles.firstIndex { $0.rawValue == stored } ?? 0
        appearanceControl.addAction(UIAction { [weak self] _ in
            self?.appearanceChanged()
        }, for: .valueChanged)
    }

    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        // Shows up in the iPad app switcher and Stage Manager, so two Shelf
        // windows can be told apart.
        view.window?.windowScene?.title = AccountService.shared.displayName
    }

    // MARK: - Table view

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Row.allCases.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        var content = cell.defaultContentConfiguration()
        cell.accessoryView = nil
        switch Row(rawValue: indexPath.row)! {
        case .invite:
            content.text = "Invite a Friend"
        case .appearance:
            content.text = "Appearance"
            cell.accessoryView = appearanceControl
        case .contactSupport:
            content.text = "Contact Support"
        case .signOut:
            content.text = "Sign Out"
            content.textProperties.color = .systemRed
        }
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        switch Row(rawValue: indexPath.row)! {
        case .invite:
            ShareCoordinator.shareInviteLink(
                AccountService.shared.inviteURL,
                from: self,
                sourceView: tableView.cellForRow(at: indexPath)
            )
        case .appearance:
            break
        case .contactSupport:
            let report = SupportDiagnostics.capture()
            ShareCoordinator.share(
                [report.summary],
                excluding: [.postToFacebook, .postToTwitter],
                from: self,
                sourceView: tableView.cellForRow(at: indexPath)
            )
        case .signOut:
            signOut()
        }
    }

    // MARK: - Actions

    private func appearanceChanged() {
        let style = styles[appearanceControl.selectedSegmentIndex]
        UserDefaults.standard.set(style.rawValue, forKey: "appearance")
        // Apply to every window of every scene, not just the one we're in.
        for case let windowScene as UIWindowScene in UIApplication.shared.connectedScenes {
            windowScene.windows.forEach { $0.overrideUserInterfaceStyle = style }
        }
    }

    private func signOut() {
        // Grab the window before swapping the root: once we're out of the
        // hierarchy, view.window is nil.
        guard let window = view.window else { return }
        AccountService.shared.signOut()
        window.rootViewController = UINavigationController(rootViewController: SignInViewController())
        ToastPresenter.shared.show("Signed out", systemImage: "rectangle.portrait.and.arrow.right", in: window)
    }
}
