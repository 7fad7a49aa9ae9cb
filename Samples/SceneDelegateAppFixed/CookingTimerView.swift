import SwiftUI
import UserNotifications

/// Inline countdown for timed steps ("simmer for 20 minutes"). If the app
/// goes to the background while it's running, a local notification takes
/// over so the cook still gets told when it's done.
struct CookingTimerView: View {
    let stepTitle: String
    let duration: TimeInterval

    @Environment(\.scenePhase) private var scenePhase
    @State private var endDate: Date?

    private var notificationID: String { "timer.\(stepTitle)" }

    var body: some View {
        HStack {
            if let endDate {
                Text(timerInterval: Date.now...endDate, countsDown: true)
                    .font(.title3.monospacedDigit().weight(.semibold))
                Spacer()
                Button("Stop", role: .destructive) {
                    self.endDate = nil
                    cancelNotification()
                }
            } else {
                Label(Duration.seconds(duration).formatted(.units(allowed: [.hours, .minutes])), systemImage: "timer")
                Spacer()
                Button("Start") {
                    endDate = Date().addingTimeInterval(duration)
                }
            }
        }
        .buttonStyle(.bordered)
        .onChange(of: scenePhase) { _, newPhase in
            switch newPhase {
            case .background:
                scheduleNotificationIfRunning()
            case .active:
                cancelNotification()
            default:
                break
            }
        }
    }

    private func scheduleNotificationIfRunning() {
        guard let endDate, endDate > Date() else { return }
        let content = UNMutableNotificationContent()
        content.title = "\(stepTitle) is done"
        content.sound = .default
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: endDate.timeIntervalSinceNow, repeats: false)
        let request = UNNotificationRequest(identifier: notificationID, content: content, trigger: trigger)
        UNUserNotificationCenter.current().add(request)
    }

    private func cancelNotification() {
        UNUserNotificationCenter.current().removePendingNotificationRequests(withIdentifiers: [notificationID])
    }
}
