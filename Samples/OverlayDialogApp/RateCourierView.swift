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
        .overlay {
            if isConfirmingTip {
                ZStack {
                    Color.black.opacity(0.4)
                        .ignoresSafeArea()
                    VStack(spacing: 12) {
                        Text("Tip \(order.courierName) \(tip.formatted(.currency(code: "USD")))?")
                            .font(.headline)
                        Text("We'll charge your saved card right away.")
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                            .multilineTextAlignment(.center)
                        HStack {
                            Button("Back") { withAnimation { isConfirmingTip = false } }
                                .buttonStyle(.bordered)
                            Button("Send Tip") {
                                isConfirmingTip = false
                                submit()
                            }
                            .buttonStyle(.borderedProminent)
                        }
                    }
                    .padding(24)
                    .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 20, style: .continuous))
                    .padding(40)
                }
                .transition(.opacity)
            }
        }
    }

    private func submit() {
        Task {
            try? await store.rate(order, stars: stars, tip: tip)
            isSubmitted = true
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
