import MapKit
import UIKit

/// "Recenter" and "Map style" buttons pinned to the map's top-trailing corner.
/// MapKit puts its compass in that same corner, and only once the user rotates
/// the map, so we keep an eye on the map's subviews and step out of its way.
final class MapControlsOverlayView: UIView {
    private static var subviewsContext = 0

    private let recenterButton = UIButton(type: .system)
    private let styleButton = UIButton(type: .system)
    private let divider = UIView()
    private weak var mapView: MKMapView?
    private var topConstraint: NSLayoutConstraint?

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

        // A true hairline: one device pixel, whatever the screen.
        let hairline = 1 / (window?.screen.scale ?? 2)
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: topAnchor),
            stack.bottomAnchor.constraint(equalTo: bottomAnchor),
            stack.leadingAnchor.constraint(equalTo: leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: trailingAnchor),
            divider.heightAnchor.constraint(equalToConstant: hairline),
            recenterButton.widthAnchor.constraint(equalToConstant: 44),
            recenterButton.heightAnchor.constraint(equalToConstant: 44),
            styleButton.heightAnchor.constraint(equalToConstant: 44),
        ])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
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

        mapView.addObserver(self, forKeyPath: "subviews", options: [.new], context: &Self.subviewsContext)
    }

    func detach() {
        mapView?.removeObserver(self, forKeyPath: "subviews", context: &Self.subviewsContext)
        removeFromSuperview()
        mapView = nil
    }

    override func observeValue(
        forKeyPath keyPath: String?,
        of object: Any?,
        change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        guard context == &Self.subviewsContext else {
            super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
            return
        }
        let compassShown = mapView?.subviews.contains {
            String(describing: type(of: $0)) == "MKCompassView" && !$0.isHidden
        } ?? false
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
