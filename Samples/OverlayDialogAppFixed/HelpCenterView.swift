import SwiftUI
import UIKit

struct HelpTopic: Identifiable, Hashable {
    let id: String
    var title: String
    var body: String

    static let all: [HelpTopic] = [
        HelpTopic(id: "late", title: "My order is late", body: "Couriers wait at busy restaurants; the map shows where yours is."),
        HelpTopic(id: "missing", title: "Something is missing", body: "Report missing items within two hours for a refund."),
        HelpTopic(id: "tip", title: "Changing a tip", body: "Tips can be changed until the end of the day of delivery."),
    ]
}

/// Answers to the questions customers ask most, pushed from the orders list.
/// It sits in the orders list's navigation controller: its title and search
/// field go to that bar, and articles are pushed onto that stack.
struct HelpCenterView: View {
    var onOpen: (HelpTopic) -> Void = { _ in }
    @State private var query = ""

    private var topics: [HelpTopic] {
        query.isEmpty ? HelpTopic.all : HelpTopic.all.filter { $0.title.localizedCaseInsensitiveContains(query) }
    }

    var body: some View {
        List(topics) { topic in
            Button(topic.title) { onOpen(topic) }
        }
        .searchable(text: $query)
        .navigationTitle("Help")
    }
}

struct HelpArticleView: View {
    let topic: HelpTopic
    @State private var isContacting = false

    var body: some View {
        ScrollView {
            Text(topic.body)
                .padding()
        }
        .navigationTitle(topic.title)
        .toolbar {
            Button("Contact Us") { isContacting = true }
        }
        // A sheet is presented on its own: a navigation stack inside it is the only one there.
        .sheet(isPresented: $isContacting) {
            NavigationStack {
                Form { Text("Write to support@example.com") }
                    .navigationTitle("Contact")
            }
        }
    }
}

extension OrdersViewController {
    /// The Help button of the orders list.
    func makeHelpButton() -> UIBarButtonItem {
        UIBarButtonItem(title: "Help", primaryAction: UIAction { [weak self] _ in self?.showHelp() })
    }

    private func showHelp() {
        let help = UIHostingController(rootView: HelpCenterView { [weak self] topic in
            self?.navigationController?.pushViewController(UIHostingController(rootView: HelpArticleView(topic: topic)), animated: true)
        })
        help.navigationItem.largeTitleDisplayMode = .never
        navigationController?.pushViewController(help, animated: true)
    }
}
