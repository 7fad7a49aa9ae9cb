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
struct HelpCenterView: View {
    @State private var query = ""

    private var topics: [HelpTopic] {
        query.isEmpty ? HelpTopic.all : HelpTopic.all.filter { $0.title.localizedCaseInsensitiveContains(query) }
    }

    var body: some View {
        NavigationView {
            List(topics) { topic in
                NavigationLink(topic.title) {
                    HelpArticleView(topic: topic)
                }
            }
            .searchable(text: $query)
            .navigationTitle("Help")
        }
        .navigationViewStyle(.stack)
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
        let help = UIHostingController(rootView: HelpCenterView())
        help.navigationItem.largeTitleDisplayMode = .never
        navigationController?.pushViewController(help, animated: true)
    }
}
