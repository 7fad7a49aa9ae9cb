import SwiftUI
import UIKit

// SwiftUI wrappers for the UIKit pieces we still rely on. Kept together so
// it's easy to see what's left to migrate once the deployment target moves.

extension WorkoutVideoView: UIViewRepresentable {}

/// The system share sheet, for sharing a finished run's summary. Reports
/// back which activity was used so we can count shares per destination.
struct ActivityShareSheet: UIViewControllerRepresentable {
    let items: [Any]
    var onComplete: (UIActivity.ActivityType?, Bool) -> Void = { _, _ in }

    func makeUIViewController(context: Context) -> UIActivityViewController {
        let controller = UIActivityViewController(activityItems: items, applicationActivities: nil)
        controller.excludedActivityTypes = [.assignToContact, .addToReadingList, .openInIBooks]
        controller.completionWithItemsHandler = { activityType, completed, _, _ in
            onComplete(activityType, completed)
        }
        return controller
    }

    func updateUIViewController(_ uiViewController: UIActivityViewController, context: Context) {}
}

/// Big elapsed-time readout shown while a run is being recorded. Driven by a
/// display link capped at 10 Hz; TimelineView redraws the whole row instead.
struct LapTimerLabel: UIViewRepresentable {
    let startDate: Date
    var font: UIFont = .monospacedDigitSystemFont(ofSize: 48, weight: .semibold)

    func makeCoordinator() -> Coordinator {
        Coordinator()
    }

    func makeUIView(context: Context) -> UILabel {
        let label = UILabel()
        label.font = font
        label.textAlignment = .center
        label.adjustsFontSizeToFitWidth = true
        label.setContentHuggingPriority(.required, for: .vertical)
        context.coordinator.start(updating: label, from: startDate)
        return label
    }

    func updateUIView(_ label: UILabel, context: Context) {
        label.font = font
        context.coordinator.startDate = startDate
    }

    static func dismantleUIView(_ label: UILabel, coordinator: Coordinator) {
        // CADisplayLink retains its target, so the coordinator would outlive
        // the label (and keep ticking) without this.
        coordinator.stop()
    }

    final class Coordinator: NSObject {
        var startDate = Date()
        private weak var label: UILabel?
        private var displayLink: CADisplayLink?
        private let formatter: DateComponentsFormatter = {
            let formatter = DateComponentsFormatter()
            formatter.allowedUnits = [.hour, .minute, .second]
            formatter.zeroFormattingBehavior = .pad
            return formatter
        }()

        func start(updating label: UILabel, from date: Date) {
            self.label = label
            startDate = date
            let link = CADisplayLink(target: self, selector: #selector(tick))
            link.preferredFrameRateRange = CAFrameRateRange(minimum: 4, maximum: 10)
            link.add(to: .main, forMode: .common)
            displayLink = link
        }

        func stop() {
            displayLink?.invalidate()
            displayLink = nil
        }

        @objc private func tick() {
            label?.text = formatter.string(from: Date().timeIntervalSince(startDate))
        }
    }
}
