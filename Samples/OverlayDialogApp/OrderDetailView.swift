import SwiftUI

struct OrderDetailView: View {
    @ObservedObject var store: OrderStore
    let order: Order

    @State private var isConfirmingCancel = false
    @State private var errorMessage: String?

    var body: some View {
        List {
            Section {
                VStack(alignment: .leading, spacing: 4) {
                    Text(order.status.rawValue)
                        .font(.title2.weight(.bold))
                    Text("Placed \(order.placedAt, style: .relative) ago")
                        .foregroundStyle(.secondary)
                }
                .padding(.vertical, 4)
            }

            Section("Items") {
                ForEach(order.items, id: \.self) { item in
                    Text(item)
                }
                LabeledContent("Total", value: order.total, format: .currency(code: "USD"))
                    .fontWeight(.semibold)
            }

            if order.status == .preparing {
                Section {
                    Button("Cancel Order", role: .destructive) {
                        withAnimation(.easeOut(duration: 0.2)) { isConfirmingCancel = true }
                    }
                } footer: {
                    Text("You can cancel until the restaurant hands your order to a courier.")
                }
            }
        }
        .overlay(alignment: .bottom) {
            if let errorMessage {
                Text(errorMessage)
                    .font(.subheadline.weight(.medium))
                    .padding(.horizontal, 16)
                    .padding(.vertical, 10)
                    .background(.thinMaterial, in: Capsule())
                    .padding(.bottom, 24)
                    .transition(.move(edge: .bottom).combined(with: .opacity))
            }
        }
        // A custom dialog rather than .alert: design wants the refund breakdown
        // and the restaurant's name in large type.
        .overlay {
            if isConfirmingCancel {
                ZStack {
                    Color.black.opacity(0.4)
                        .ignoresSafeArea()
                        .onTapGesture { dismissDialog() }
                    CancelOrderDialog(order: order, onConfirm: confirmCancel, onDismiss: dismissDialog)
                        .padding(32)
                }
                .transition(.opacity)
            }
        }
    }

    private func dismissDialog() {
        withAnimation(.easeOut(duration: 0.2)) { isConfirmingCancel = false }
    }

    private func confirmCancel() {
        dismissDialog()
        LoadingHUD.show("Cancelling order")
        Task {
            do {
                try await store.cancel(order)
            } catch {
                withAnimation { errorMessage = "Couldn't cancel: \(error.localizedDescription)" }
            }
            LoadingHUD.hide()
        }
    }
}

struct CancelOrderDialog: View {
    let order: Order
    var onConfirm: () -> Void
    var onDismiss: () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "bag.badge.minus")
                .font(.system(size: 40))
                .foregroundStyle(.red)
            Text("Cancel your order from \(order.restaurant)?")
                .font(.title3.weight(.bold))
                .multilineTextAlignment(.center)
            Text("You'll be refunded \(order.total.formatted(.currency(code: "USD"))) to your original payment method within 3 to 5 business days.")
                .font(.subheadline)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
            VStack(spacing: 8) {
                Button("Cancel Order", role: .destructive, action: onConfirm)
                    .buttonStyle(.borderedProminent)
                    .tint(.red)
                Button("Keep Order", action: onDismiss)
                    .buttonStyle(.bordered)
            }
            .controlSize(.large)
        }
        .padding(24)
        .frame(maxWidth: 360)
        .background(.background, in: RoundedRectangle(cornerRadius: 24, style: .continuous))
        .shadow(radius: 20)
    }
}
