import UIKit

/// App-wide UIKit styling. Called once at launch, before any window exists,
/// so the appearance proxies apply to every bar we create.
enum AppTheme {
    static let brand = UIColor(named: "Brand") ?? .systemOrange

    static func apply() {
        let navigationAppearance = UINavigationBarAppearance()
        navigationAppearance.configureWithOpaqueBackground()
        navigationAppearance.backgroundColor = .systemBackground
        navigationAppearance.shadowColor = .separator
        navigationAppearance.titleTextAttributes = [
            .foregroundColor: UIColor.label,
            .font: UIFont.systemFont(ofSize: 17, weight: .semibold),
        ]
        navigationAppearance.largeTitleTextAttributes = [
            .foregroundColor: UIColor.label,
            .font: UIFont.systemFont(ofSize: 32, weight: .heavy),
        ]

        // Same solid bar whether or not the content is scrolled; design didn't
        // want the list showing through under the title on the order screens.
        UINavigationBar.appearance().standardAppearance = navigationAppearance
        UINavigationBar.appearance().compactAppearance = navigationAppearance
        UINavigationBar.appearance().scrollEdgeAppearance = navigationAppearance
        UINavigationBar.appearance().tintColor = brand

        let toolbarAppearance = UIToolbarAppearance()
        toolbarAppearance.configureWithDefaultBackground()
        UIToolbar.appearance().standardAppearance = toolbarAppearance

        UISwitch.appearance().onTintColor = brand
        UISegmentedControl.appearance().selectedSegmentTintColor = brand
        UISegmentedControl.appearance().setTitleTextAttributes([.foregroundColor: UIColor.white], for: .selected)
    }
}
