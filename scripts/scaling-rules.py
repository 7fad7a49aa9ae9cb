#!/usr/bin/env python3
"""Rule and structure scaling: each generator repeats one construct n times (in one file, one
scope, nested, or as many files and projects in one tree), and the linter is timed at three sizes.
A linear path takes about twice as long when n doubles; a quadratic one four times.

    python3 scripts/scaling-rules.py [--lint .build/release/lint] [--base 8000] [--only NAME,...] [--runs 3] [--all-rules]

Prints a Markdown table (docs/robustness.md, "Rule and structure scaling"). The ratio column is
t(4n) / t(2n): about 2 for linear, 4 for quadratic. Times are processor seconds (user + system, lint and its libclang workers, one lint worker;
`--clock wall` for elapsed seconds) with
default rules and the JSON reporter, the temporary tree written beforehand.
"""
import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

# "cpu": processor seconds of lint and its children (one worker), steady on a shared machine; "wall".
CLOCK = "cpu"

HEADER = "import UIKit\nimport SwiftUI\nimport StoreKit\n\n"


def one_file(body):
    return lambda n: {"A.swift": HEADER + body(n)}


def in_function(lines):
    return one_file(lambda n: "func f() {\n" + "".join(lines(i) for i in range(n)) + "}\n")


def nested(open_line, close_line, inner="    _ = UIApplication.shared.keyWindow\n"):
    return one_file(lambda n: "func f() {\n" + "".join(open_line(i) for i in range(n)) + inner
                    + "".join(close_line(i) for i in range(n)) + "}\n")


def many_files(n):
    files = {"Package.swift": "// swift-tools-version: 5.9\nlet package = Package(name: \"A\", platforms: [.iOS(.v16)])\n"}
    for i in range(n):
        files[f"Sources/F{i}.swift"] = (HEADER + f"struct V{i}: View {{\n    var body: some View {{\n"
                                        f"        Menu(\"m\") {{ Text(\"x\") }}\n    }}\n}}\n"
                                        f"func g{i}() {{ _ = UIApplication.shared.keyWindow }}\n")
    return files


def many_projects(n):
    files = {}
    for i in range(n):
        files[f"P{i}/Package.swift"] = "// swift-tools-version: 5.9\nlet package = Package(name: \"A\", platforms: [.iOS(.v16)])\n"
        files[f"P{i}/V.swift"] = HEADER + "struct V: View {\n    var body: some View { Menu(\"m\") { Text(\"x\") } }\n}\n"
    return files


# name → (generator, how n scales the input: a divisor applied to --base)
GENERATORS = {
    "keyWindow lines, one scope, one name": (in_function(lambda i: "    let w = UIApplication.shared.keyWindow\n"), 1),
    "keyWindow lines, distinct names": (in_function(lambda i: f"    let w{i} = UIApplication.shared.keyWindow\n"), 1),
    "keyWindow + StoreKit call each": (in_function(
        lambda i: f"    if let s{i} = UIApplication.shared.connectedScenes.first as? UIWindowScene {{ SKStoreReviewController.requestReview(in: s{i}) }}\n"), 2),
    "re-bindings of one scene": (in_function(
        lambda i: "    let s = UIApplication.shared.connectedScenes.first\n" if i == 0 else f"    let s{i} = s\n"), 1),
    "sequential if #available, lookup in else": (in_function(
        lambda i: "    if #available(iOS 13, *) { _ = 1 } else { _ = UIApplication.shared.keyWindow }\n"), 1),
    "nested if #available, lookup at each level": (nested(
        lambda i: "if #available(iOS 13, *) {\n_ = UIApplication.shared.windows.first\n", lambda i: "}\n"), 8),
    "one call, n lookup arguments": (one_file(lambda n: "func f() {\n    g(" + ", ".join(
        "UIApplication.shared.keyWindow" for i in range(n)) + ")\n}\n"), 1),
    "else if chain, lookup in each branch": (one_file(lambda n: "func f() {\n    if a { _ = UIApplication.shared.keyWindow }\n"
                               + "".join(f"    else if b{i} {{ _ = UIApplication.shared.keyWindow }}\n" for i in range(n)) + "}\n"), 1),
    "long interpolation of lookups": (one_file(lambda n: "func f() {\n    let s = \"" + "".join(
        "\\(UIApplication.shared.keyWindow)" for i in range(n)) + "\"\n}\n"), 1),
    "extension UIApplication members": (one_file(lambda n: "extension UIApplication {\n" + "".join(
        f"    var w{i}: UIWindow? {{ windows.first }}\n" for i in range(n)) + "}\n"), 1),
    "unbalanced closers between lookups": (one_file(
        lambda n: "func f() {\n" + "    _ = UIApplication.shared.keyWindow\n}\n)\n]\n" * n), 1),
    "connectedScenes locals": (in_function(
        lambda i: f"    let s{i} = UIApplication.shared.connectedScenes\n    _ = s{i}.first\n"), 2),
    "windows locals": (in_function(lambda i: f"    let s{i} = UIApplication.shared.windows\n    _ = s{i}[0]\n"), 2),
    "nested closures": (nested(lambda i: "run {\n", lambda i: "}\n"), 8),
    "nested types": (one_file(lambda n: "".join(f"struct T{i} {{\n" for i in range(n))
                              + "    func f() { _ = UIApplication.shared.keyWindow }\n" + "}\n" * n), 8),
    "nested #if": (nested(lambda i: f"#if A{i}\n", lambda i: "#endif\n"), 8),
    "long member chain": (one_file(lambda n: "func f() {\n    _ = UIApplication.shared" + "".join(
        ".a" for _ in range(n)) + ".windows.first\n}\n"), 1),
    "Menus in one view": (one_file(lambda n: "struct V: View {\n    var body: some View {\n        VStack {\n" + "".join(
        "            Menu(\"m\") { Text(\"x\") }\n" for _ in range(n)) + "        }\n    }\n}\n"), 2),
    "Pickers with .pickerStyle(.menu)": (one_file(lambda n: "struct V: View {\n    var body: some View {\n        VStack {\n" + "".join(
        "            Picker(\"p\", selection: $s) { Text(\"x\") }\n                .pickerStyle(.menu)\n" for _ in range(n))
        + "        }\n    }\n}\n"), 2),
    "representables": (one_file(lambda n: "".join(
        f"struct R{i}: UIViewRepresentable {{\n    func makeUIView(context: Context) -> UIView {{ UIView() }}\n"
        f"    func updateUIView(_ v: UIView, context: Context) {{}}\n"
        f"    func dismantleUIView(_ v: UIView, coordinator: ()) {{}}\n}}\n" for i in range(n))), 4),
    "view.window reads in viewDidLoad": (one_file(lambda n: "final class C: UIViewController {\n    override func viewDidLoad() {\n"
                                                  + "        _ = view.window\n" * n + "    }\n}\n"), 1),
    "subviews KVO and key paths": (in_function(lambda i: f"    o{i} = v.observe(\\.subviews) {{ _, _ in }}\n"), 2),
    "private UIKit class names": (in_function(lambda i: f"    _ = NSClassFromString(\"_UIView{i}\")\n"), 1),
    "scrollEdgeAppearance assignments": (in_function(
        lambda i: "    navigationBar.scrollEdgeAppearance = a\n"), 1),
    "scenePhase and onOpenURL uses": (one_file(lambda n: "struct V: View {\n    @Environment(\\.scenePhase) var phase\n"
                                               "    var body: some View {\n        VStack {\n" + "".join(
        "            Text(\"x\").onOpenURL { _ in }\n" for _ in range(n)) + "        }\n    }\n}\n"), 2),
    "coordinators holding Coordinator(self)": (one_file(lambda n: "".join(
        f"struct P{i}: UIViewControllerRepresentable {{\n    let onPick: (URL) -> Void\n"
        f"    func makeUIViewController(context: Context) -> UIViewController {{ UIViewController() }}\n"
        f"    func updateUIViewController(_ c: UIViewController, context: Context) {{}}\n"
        f"    func makeCoordinator() -> Coordinator {{ Coordinator(self) }}\n"
        f"    final class Coordinator: NSObject {{\n        let parent: P{i}\n"
        f"        init(_ parent: P{i}) {{ self.parent = parent }}\n"
        f"        func done(_ url: URL) {{ let p = parent; p.onPick(url) }}\n    }}\n}}\n" for i in range(n))), 8),
    "state writes in one updateUIView": (one_file(lambda n: "struct Big: UIViewRepresentable {\n    @Binding var h: CGFloat\n"
        "    func makeUIView(context: Context) -> UIView { UIView() }\n"
        "    func updateUIView(_ view: UIView, context: Context) {\n" + "".join(
            f"        let l{i} = view.bounds.width\n        h = l{i}\n        helper{i % 50}()\n"
            f"        DispatchQueue.main.async {{ h = {i} }}\n" for i in range(n))
        + "    }\n" + "".join(f"    func helper{j}() {{ h = {j} }}\n" for j in range(50)) + "}\n"), 4),
    "hosting pushes of navigation-rooted views, one function": (one_file(lambda n: "".join(
        f"struct V{i}: View {{ var body: some View {{ NavigationView {{ Text(\"{i}\") }} }} }}\n" for i in range(n))
        + "final class C: UIViewController {\n    func go() {\n" + "".join(
            f"        let h{i} = UIHostingController(rootView: V{i}())\n"
            f"        navigationController?.pushViewController(h{i}, animated: true)\n" for i in range(n)) + "    }\n}\n"), 8),
    # One statement, one line, one block: each finding used to walk back over the statement, count
    # its column from the line's start, hash the whole line, or re-read the block around it.
    "if let chain binding n scene picks": (one_file(lambda n: "func f() {\n    if " + ", ".join(
        f"let s{i} = UIApplication.shared.connectedScenes.first" for i in range(n)) + " { _ = 1 }\n}\n"), 2),
    "nested calls, lookup at each level": (one_file(lambda n: "func f() {\n    _ = " + "g(UIApplication.shared.keyWindow, " * n
                                                    + "0" + ")" * n + "\n}\n"), 8),
    "one line, n private class names": (one_file(lambda n: "func f() {\n    " + " ".join(
        f"_ = NSClassFromString(\"_UIView{i}\");" for i in range(n)) + "\n}\n"), 2),
    "one line, n statements with lookups": (one_file(lambda n: "func f() {\n    " + " ".join(
        f"let w{i} = UIApplication.shared.keyWindow;" for i in range(n)) + "\n}\n"), 2),
    "keyWindow lines in one view controller method": (one_file(lambda n: "final class C: UIViewController {\n    func f() {\n"
        + "        _ = UIApplication.shared.keyWindow\n" * n + "    }\n}\n"), 1),
    "keyWindow in functions of an extension of a type from another file": (one_file(lambda n: "extension Model {\n" + "".join(
        f"    func f{i}() {{ _ = UIApplication.shared.keyWindow }}\n" for i in range(n)) + "}\n"), 2),
    "view controller methods reading view.window, no UIKit import": (lambda n: {"A.swift": "import SwiftUI\n\nextension C {\n"
        + "".join(f"    func f{i}() {{ _ = view.window }}\n" for i in range(n)) + "}\nclass C: UIViewController {}\n"}, 2),
    "#if blocks, lookup in each": (in_function(lambda i: "    #if DEBUG\n    _ = UIApplication.shared.keyWindow\n    #endif\n"), 2),
    "#elseif chain, lookup in each branch": (one_file(lambda n: "func f() {\n#if os(iOS)\n_ = UIApplication.shared.keyWindow\n"
        + "".join(f"#elseif B{i}\n_ = UIApplication.shared.keyWindow\n" for i in range(n)) + "#endif\n}\n"), 2),
    "nested #if, lookup at each level": (nested(lambda i: f"#if A{i}\n_ = UIApplication.shared.windows.first\n",
                                                lambda i: "#endif\n"), 8),
    "nested closures, lookup at each level": (nested(lambda i: "run {\n_ = UIApplication.shared.keyWindow\n", lambda i: "}\n"), 8),
    "nested types, lookup at each level": (one_file(lambda n: "".join(
        f"struct T{i} {{\n    func f() {{ _ = UIApplication.shared.keyWindow }}\n" for i in range(n)) + "}\n" * n), 8),
    "nested interpolations, lookup at each level": (one_file(lambda n: "func f() {\n    _ = " + "\"\\(UIApplication.shared.keyWindow)\\(" * n
                                                              + "0" + ")\"" * n + "\n}\n"), 8),
    "custom window creations after an early #available return": (one_file(lambda n: "func f(s: UIWindowScene) {\n"
        "    if #available(iOS 18, *) { return }\n" + "".join(f"    let w{i} = OverlayWindow(windowScene: s)\n" for i in range(n))
        + "}\n"), 1),
    "nested Menus": (one_file(lambda n: "struct V: View {\n    var body: some View {\n" + "Menu(\"m\") {\n" * n
                               + "Text(\"x\")\n" + "}\n" * n + "    }\n}\n"), 8),
    "one array of private class names": (one_file(lambda n: "func f() {\n    _ = [" + ", ".join(
        f"NSClassFromString(\"_UIView{i}\")" for i in range(n)) + "]\n}\n"), 2),
    "view.window reads in nested closures in viewDidLoad": (one_file(lambda n: "final class C: UIViewController {\n"
        "    override func viewDidLoad() {\n" + "run { _ = view.window\n" * n + "}\n" * n + "    }\n}\n"), 8),
    "scrollEdgeAppearance assignments on one line": (one_file(lambda n: "func f() {\n    " + " ".join(
        "navigationBar.scrollEdgeAppearance = a;" for _ in range(n)) + "\n}\n"), 2),
    "chained string locals assembling a class name": (in_function(
        lambda i: "    let s0 = \"_UI\"\n" if i == 0 else f"    let s{i} = s{i - 1} + \"a\"\n    _ = NSClassFromString(s{i})\n"), 2),
    "one + chain of n string pieces": (one_file(lambda n: "func f() {\n    _ = NSClassFromString(\"_UI\"" + " + \"a\"" * n
                                                + ")\n}\n"), 1),
    "UIScreen.main reads in one scope": (in_function(lambda i: f"    let w{i} = UIScreen.main.bounds.width\n"), 1),
    "UIScreen.main reads in one call": (one_file(lambda n: "func f() {\n    g(" + ", ".join(
        "UIScreen.main.bounds.width" for _ in range(n)) + ")\n}\n"), 1),
    "statusBarOrientation reads in one view controller method": (one_file(lambda n: "final class C: UIViewController {\n"
        "    override func viewWillLayoutSubviews() {\n" + "        _ = UIApplication.shared.statusBarOrientation.isLandscape\n" * n
        + "    }\n}\n"), 1),
    "hosting controllers added as subviews, one method": (one_file(lambda n: "final class C: UIViewController {\n"
        "    override func viewDidLoad() {\n" + "".join(f"        let h{i} = UIHostingController(rootView: Text(\"x\"))\n"
        f"        view.addSubview(h{i}.view)\n" for i in range(n)) + "    }\n}\n"), 4),
    "Objective-C: keyWindow lines in one method": (lambda n: {"A.m": "#import <UIKit/UIKit.h>\n@implementation A\n- (void)f {\n"
        + "    UIWindow *w = [UIApplication sharedApplication].keyWindow;\n" * n + "}\n@end\n"}, 2),
    "Objective-C: one message, n lookup arguments": (lambda n: {"A.m": "#import <UIKit/UIKit.h>\n@implementation A\n- (void)f {\n    [self g:"
        + " h:".join("[UIApplication sharedApplication].keyWindow" for _ in range(n)) + "];\n}\n@end\n"}, 4),
    "Objective-C: one line, n statements with lookups": (lambda n: {"A.m": "#import <UIKit/UIKit.h>\n@implementation A\n- (void)f {\n    "
        + " ".join("w = [UIApplication sharedApplication].windows.firstObject;" for _ in range(n)) + "\n}\n@end\n"}, 4),
    "Objective-C: nested messages, lookup at each level": (lambda n: {"A.m": "#import <UIKit/UIKit.h>\n@implementation A\n- (void)f {\n    "
        + "[self g:[UIApplication sharedApplication].keyWindow h:" * n + "0" + "]" * n + ";\n}\n@end\n"}, 8),
    "Objective-C: nested blocks, lookup at each level": (lambda n: {"A.m": "#import <UIKit/UIKit.h>\n@implementation A\n- (void)f {\n"
        + "dispatch_async(q, ^{ w = [UIApplication sharedApplication].keyWindow;\n" * n + "});\n" * n + "}\n@end\n"}, 8),
    "Objective-C: subviews KVO in one method": (lambda n: {"A.m": "#import <UIKit/UIKit.h>\n@implementation A\n- (void)f {\n"
        + "    [v addObserver:self forKeyPath:@\"subviews\" options:0 context:nil];\n" * n + "}\n@end\n"}, 4),
    "Objective-C: scrollEdgeAppearance assignments": (lambda n: {"A.m": "#import <UIKit/UIKit.h>\n@implementation A\n- (void)f {\n"
        + "    self.navigationController.navigationBar.scrollEdgeAppearance = a;\n" * n + "}\n@end\n"}, 4),
    "Objective-C: view.window reads in viewDidLoad": (lambda n: {"A.m": "#import <UIKit/UIKit.h>\n"
        "@interface C : UIViewController\n@end\n@implementation C\n- (void)viewDidLoad {\n    [super viewDidLoad];\n"
        + "    w = self.view.window;\n" * n + "}\n@end\n"}, 4),
    "Objective-C: methods of one class with lookups": (lambda n: {"A.m": "#import <UIKit/UIKit.h>\n@implementation A\n" + "".join(
        f"- (void)f{i} {{ w = [UIApplication sharedApplication].windows.firstObject; }}\n" for i in range(n)) + "@end\n"}, 4),
    "Objective-C: classes in one file": (lambda n: {"A.m": "#import <UIKit/UIKit.h>\n" + "".join(
        f"@implementation A{i}\n- (void)f {{ w = [UIApplication sharedApplication].keyWindow; }}\n@end\n" for i in range(n))}, 4),
    "window helper chain in one file (provenance)": (one_file(lambda n: "func w0() -> UIWindow? { UIApplication.shared.keyWindow }\n"
        + "".join(f"func w{i}() -> UIWindow? {{ w{i - 1}() }}\nfunc u{i}() {{ w{i}()?.endEditing(true) }}\n" for i in range(1, n))), 2),
    "window helper chain across files (provenance)": (lambda n: dict(
        [("H0.swift", HEADER + "func w0() -> UIWindow? { UIApplication.shared.keyWindow }\n")]
        + [(f"H{i}.swift", HEADER + f"func w{i}() -> UIWindow? {{ w{i - 1}() }}\nfunc u{i}() {{ w{i}()?.endEditing(true) }}\n")
           for i in range(1, n)]), 4),
    "scene helper properties used in many files (provenance)": (lambda n: dict(
        [("H.swift", HEADER + "extension UIApplication {\n    var topWindow: UIWindow? { windows.first { $0.isKeyWindow } }\n}\n")]
        + [(f"U{i}.swift", HEADER + f"func u{i}() {{ UIApplication.shared.topWindow?.endEditing(true) }}\n") for i in range(n)]), 4),
    "overlay dialogs in one view": (lambda n: {
        "A.swift": HEADER + "struct V: View {\n    @State var c = false\n    var body: some View {\n        VStack {\n" + "".join(
            "            List { Text(\"x\") }\n                .overlay { if c { ZStack { Color.black.opacity(0.4).ignoresSafeArea() } } }\n"
            for _ in range(n)) + "        }\n    }\n}\n",
        "B.swift": HEADER + "func theme() {\n    UINavigationBar.appearance().scrollEdgeAppearance = UINavigationBarAppearance()\n}\n"}, 4),
    "nested NavigationViews": (one_file(lambda n: "struct V: View {\n    var body: some View {\n" + "NavigationView {\n" * n
                                        + "Text(\"x\")\n" + "}\n" * n + "    }\n}\n"), 8),
    "views with scenePhase in many files": (lambda n: {f"V{i}.swift": HEADER + f"struct V{i}: View {{\n"
        "    @Environment(\\.scenePhase) private var phase\n    var body: some View {\n"
        "        Text(\"x\").onChange(of: phase) { p in if p == .background { save() } }\n    }\n}\n" for i in range(n)}, 8),
    "files in one project": (many_files, 8),
    "projects in one tree": (many_projects, 16),
}


def run(lint, files, options=()):
    folder = tempfile.mkdtemp(prefix="seamlint-scaling-")
    try:
        for path, text in files.items():
            full = os.path.join(folder, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as handle:
                handle.write(text)
        start = time.monotonic()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([lint, "--quiet", "--reporter", "json", *options, "."], cwd=folder,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if CLOCK == "cpu":
            return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return time.monotonic() - start
    finally:
        shutil.rmtree(folder)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lint", default=".build/release/lint")
    parser.add_argument("--base", type=int, default=8000, help="n of the smallest size (divided per generator)")
    parser.add_argument("--only", default="", help="comma-separated generator names (substrings)")
    parser.add_argument("--headline", action="store_true", help="also time 400,000 keyWindow lines in one scope")
    parser.add_argument("--all-rules", action="store_true", help="enable the opt-in rules too (private_uikit_class …)")
    parser.add_argument("--runs", type=int, default=1, help="best of this many runs per size (the machine is shared)")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                        help="cpu (default): processor seconds with one worker, steady under load; wall: elapsed seconds")
    arguments = parser.parse_args()
    global CLOCK
    CLOCK = arguments.clock
    lint = os.path.abspath(arguments.lint)
    wanted = [name for name in arguments.only.split(",") if name]
    print("| generator | n | t(n) s | t(2n) s | t(4n) s | t(4n)/t(2n) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, (generate, divisor) in GENERATORS.items():
        if wanted and not any(w in name for w in wanted):
            continue
        n = max(1, arguments.base // divisor)
        options = ["--enable-all-rules"] if arguments.all_rules else []
        if CLOCK == "cpu":
            options.append("--workers=1")
        times = [min(run(lint, generate(n * factor), options) for _ in range(arguments.runs)) for factor in (1, 2, 4)]
        ratio = times[2] / times[1] if times[1] > 0 else float("inf")
        print(f"| {name} | {n} | {times[0]:.2f} | {times[1]:.2f} | {times[2]:.2f} | {ratio:.1f} |", flush=True)
    if arguments.headline:
        options = ["--workers=1"] if CLOCK == "cpu" else []
        seconds = min(run(lint, GENERATORS["keyWindow lines, one scope, one name"][0](400_000), options) for _ in range(arguments.runs))
        print(f"\n400,000 lines of `let w = UIApplication.shared.keyWindow` in one scope: {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
