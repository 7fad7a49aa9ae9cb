import SwiftUI

/// Shown for delivered orders: star rating plus an optional tip. Any tip gets
/// a confirmation step because it charges the card immediately.
struct RateCourierView: View {
    @ObservedObject var store: OrderStore
    let order: Order

    @State private var stars = 0
    @State private var tip: Decimal = 0
    @State private var isConfirmingTip = false
    @State private var isSubmitted = false

    private let tipOptions: [Decimal] = [0, 2, 3, 5]

    var body: some View {
        Form {
            Section("How was your delivery with \(order.courierName)?") {
                StarRatingPicker(stars: $stars)
                    .frame(maxWidth: .infinity)
            }

            Section("Add a Tip") {
                Picker("Tip", selection: $tip) {
                    ForEach(tipOptions, id: \.self) { amount in
                        Text(amount == 0 ? "None" : amount.formatted(.currency(code: "USD"))).tag(amount)
                    }
                }
                .pickerStyle(.segmented)
            }

            Section {
                Button(isSubmitted ? "Thanks!" : "Submit") {
                    if tip > 0 {
                        withAnimation { isConfirmingTip = true }
                    } else {
                        submit()
                    }
                }
                .disabled(stars == 0 || isSubmitted)
            }
        }
        // Full-screen cover rather than an overlay: this screen is pushed inside
        // a UINavigationController, and an overlay stops at the navigation bar.
        .fullScreenCover(isPresented: $isConfirmingTip) {
            TipConfirmationDialog(
                courierName: order.courierName,
                tip: tip,
                onBack: { isConfirmingTip = false },
                onSend: {
                    isConfirmingTip = false
                    submit()
                }
            )
            .presentationBackground(.clear)
        }
    }

    private func submit() {
        Task {
            try? await store.rate(order, stars: stars, tip: tip)
            isSubmitted = true
        }
    }
}

struct TipConfirmationDialog: View {
    let courierName: String
    let tip: Decimal
    var onBack: () -> Void
    var onSend: () -> Void

    var body: some View {
        ZStack {
            Color.black.opacity(0.4)
                .ignoresSafeArea()
            VStack(spacing: 12) {
                Text("Tip \(courierName) \(tip.formatted(.currency(code: "USD")))?")
                    .font(.headline)
                Text("We'll charge your saved card right away.")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
                HStack {
                    Button("Back", action: onBack)
                        .buttonStyle(.bordered)
                    Button("Send Tip", action: onSend)
                        .buttonStyle(.borderedProminent)
                }
            }
            .padding(24)
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 20, style: .continuous))
            .padding(40)
        }
    }
}

struct StarRatingPicker: View {
    @Binding var stars: Int

    var body: some View {
        HStack(spacing: 12) {
            ForEach(1...5, id: \.self) { value in
                Button {
                    stars = value
                } label: {
                    Image(systemName: value <= stars ? "star.fill" : "star")
                        .font(.title)
                        .foregroundStyle(value <= stars ? .yellow : .secondary)
                }
                .buttonStyle(.plain)
                .accessibilityLabel("\(value) star\(value == 1 ? "" : "s")")
            }
        }
    }
}
