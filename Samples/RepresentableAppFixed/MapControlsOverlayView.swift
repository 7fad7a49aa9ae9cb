import MapKit
import UIKit

/// "Recenter" and "Map style" buttons pinned to the map's top-trailing corner.
/// MapKit puts its compass in that same corner, and only once the user rotates
/// the map, so the map tells us when its subviews change and we step out of
/// the compass's way.
final class MapControlsOverlayView: UIView {
    private let recenterButton = UIButton(type: .system)
    private let styleButton = UIButton(type: .system)
    private let divider = UIView()
    private weak var mapView: MKMapView?
    private var topConstraint: NSLayoutConstraint?
    private var dividerHeight: NSLayoutConstraint?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground.withAlphaComponent(0.92)
        layer.cornerRadius = 10
        layer.cornerCurve = .continuous

        recenterButton.setImage(UIImage(systemName: "location"), for: .normal)
        recenterButton.addAction(UIAction { [weak self] _ in self?.recenter() }, for: .touchUpInside)
        styleButton.setImage(UIImage(systemName: "map"), for: .normal)
        styleButton.addAction(UIAction { [weak self] _ in self?.toggleMapStyle() }, for: .touchUpInside)
        divider.backgroundColor = .separator

        let stack = UIStackView(arrangedSubviews: [recenterButton, divider, styleButton])
        stack.axis = .vertical
        stack.translatesAutoresizingMaskIntoConstraints = false
        addSubview(stack)

        let dividerHeight = divider.heightAnchor.constraint(equalToConstant: 0.5)
        self.dividerHeight = dividerHeight
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: topAnchor),
            stack.bottomAnchor.constraint(equalTo: bottomAnchor),
            stack.leadingAnchor.constraint(equalTo: leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: trailingAnchor),
            dividerHeight,
            recenterButton.widthAnchor.constraint(equalToConstant: 44),
            recenterButton.heightAnchor.constraint(equalToConstant: 44),
            styleButton.heightAnchor.constraint(equalToConstant: 44),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        // A true hairline: one device pixel on whichever screen we end up on.
        guard let window else { return }
        dividerHeight?.constant = 1 / window.screen.scale
    }

    func attach(to mapView: MKMapView) {
        self.mapView = mapView
        translatesAutoresizingMaskIntoConstraints = false
        mapView.addSubview(self)

        let top = topAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.topAnchor, constant: 12)
        NSLayoutConstraint.activate([
            top,
            trailingAnchor.constraint(equalTo: mapView.safeAreaLayoutGuide.trailingAnchor, constant: -12),
        ])
        topConstraint = top
    }

    func detach() {
        removeFromSuperview()
        mapView = nil
    }

    func updateForCompass(in mapView: MKMapView) {
        let compassShown = mapView.subviews.contains {
            String(describing: type(of: $0)) == "MKCompassView" && !$0.isHidden
        }
        topConstraint?.constant = compassShown ? 64 : 12
    }

    private func recenter() {
        guard let mapView, let overlay = mapView.overlays.first else { return }
        mapView.setVisibleMapRect(overlay.boundingMapRect, edgePadding: UIEdgeInsets(top: 48, left: 24, bottom: 32, right: 24), animated: true)
    }

    private func toggleMapStyle() {
        guard let mapView else { return }
        mapView.mapType = mapView.mapType == .standard ? .hybrid : .standard
    }
}

/// MKMapView that reports its own subview changes. UIKit doesn't promise KVO
/// notifications for `subviews`, but it always calls these two.
final class CompassAwareMapView: MKMapView {
    var onSubviewsChange: (() -> Void)?

    override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        onSubviewsChange?()
    }

    override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        // The subview is still attached here; look again once it's gone.
        DispatchQueue.main.async { [weak self] in
            self?.onSubviewsChange?()
        }
    }
}
