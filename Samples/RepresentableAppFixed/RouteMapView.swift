import MapKit
import SwiftUI

/// The run's route with start and finish pins. SwiftUI's `Map` can't draw
/// polylines before iOS 17, so this is still MKMapView underneath.
struct RouteMapView: UIViewRepresentable {
    let route: [CLLocationCoordinate2D]

    func makeCoordinator() -> Coordinator {
        Coordinator()
    }

    func makeUIView(context: Context) -> MKMapView {
        let mapView = CompassAwareMapView()
        mapView.delegate = context.coordinator
        mapView.isPitchEnabled = false
        mapView.pointOfInterestFilter = .excludingAll
        mapView.showsCompass = true

        let controls = MapControlsOverlayView()
        controls.attach(to: mapView)
        mapView.onSubviewsChange = { [weak controls, weak mapView] in
            guard let mapView else { return }
            controls?.updateForCompass(in: mapView)
        }
        context.coordinator.controls = controls
        return mapView
    }

    func updateUIView(_ mapView: MKMapView, context: Context) {
        guard context.coordinator.renderedPointCount != route.count else { return }
        context.coordinator.renderedPointCount = route.count

        mapView.removeOverlays(mapView.overlays)
        mapView.removeAnnotations(mapView.annotations)
        guard let start = route.first, let finish = route.last else { return }

        let polyline = MKPolyline(coordinates: route, count: route.count)
        mapView.addOverlay(polyline)
        mapView.addAnnotations([
            Pin(coordinate: start, title: "Start"),
            Pin(coordinate: finish, title: "Finish"),
        ])
        mapView.setVisibleMapRect(
            polyline.boundingMapRect,
            edgePadding: UIEdgeInsets(top: 48, left: 24, bottom: 32, right: 24),
            animated: false
        )
    }

    static func dismantleUIView(_ mapView: MKMapView, coordinator: Coordinator) {
        // MKMapView keeps loading tiles for a while after it goes off screen
        // unless the delegate and overlays are cleared.
        mapView.delegate = nil
        mapView.removeOverlays(mapView.overlays)
        coordinator.controls?.detach()
    }

    final class Coordinator: NSObject, MKMapViewDelegate {
        var controls: MapControlsOverlayView?
        var renderedPointCount = -1

        func mapView(_ mapView: MKMapView, rendererFor overlay: MKOverlay) -> MKOverlayRenderer {
            guard let polyline = overlay as? MKPolyline else {
                return MKOverlayRenderer(overlay: overlay)
            }
            let renderer = MKPolylineRenderer(polyline: polyline)
            renderer.strokeColor = .systemOrange
            renderer.lineWidth = 5
            renderer.lineCap = .round
            return renderer
        }
    }

    final class Pin: NSObject, MKAnnotation {
        let coordinate: CLLocationCoordinate2D
        let title: String?

        init(coordinate: CLLocationCoordinate2D, title: String) {
            self.coordinate = coordinate
            self.title = title
        }
    }
}
