// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
import CGtk
import Glibc

// Escape during a drag under X11. GDK's X11 drag (gdkdrag-x11.c, drag_grab) takes Escape with a
// passive key grab on the root window; the key then arrives reported on the root window, which no
// GdkSurface stands for in GTK 4, so GDK drops it (gdkdevicemanager-xi2.c, get_event_surface) and
// neither the drag nor any widget ever sees it. Releasing that one grab lets Escape go to the
// focused window as usual, where GDK gives key events to the drag first (gdk_drag_handle_source_event),
// and the drag cancels itself. The functions are X11's and GDK's X11 backend's, looked up in the
// process (GTK links them) so that the package needs no X11 headers and still runs on Wayland.

private typealias GetXDisplay = @convention(c) (gpointer?) -> gpointer?
private typealias GetDeviceID = @convention(c) (gpointer?) -> Int32
private typealias DefaultRootWindow = @convention(c) (gpointer?) -> UInt
private typealias KeysymToKeycode = @convention(c) (gpointer?, UInt) -> UInt8
/// The last argument is an array of XIGrabModifiers (XInput2.h): two ints, the modifiers and a status.
private typealias UngrabKeycode = @convention(c) (gpointer?, Int32, Int32, UInt, Int32,
                                                  UnsafeMutablePointer<Int32>?) -> Int32

private func lookUp<T>(_ name: String, as _: T.Type) -> T? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(symbol, to: T.self)
}

/// Releases the root window's grab of Escape that the X11 backend took for `drag` (a GdkDrag), so
/// that Escape reaches the drag through the focused window. Does nothing on other backends. The
/// drag's own ungrab at its end releases the same grab again, which X11 allows.
@MainActor
func letEscapeReachX11Drag(_ drag: gpointer) {
    let gdkDrag = OpaquePointer(drag)
    let x11Display = g_type_from_name("GdkX11Display")
    guard x11Display != 0, let display = gdk_drag_get_display(gdkDrag),
          g_type_check_instance_is_a(UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self),
                                     x11Display) != 0,
          let device = gdk_drag_get_device(gdkDrag), let keyboard = gdk_seat_get_keyboard(gdk_device_get_seat(device)),
          let xDisplayOf = lookUp("gdk_x11_display_get_xdisplay", as: GetXDisplay.self),
          let deviceID = lookUp("gdk_x11_device_get_id", as: GetDeviceID.self),
          let rootOf = lookUp("XDefaultRootWindow", as: DefaultRootWindow.self),
          let keycodeOf = lookUp("XKeysymToKeycode", as: KeysymToKeycode.self),
          let ungrab = lookUp("XIUngrabKeycode", as: UngrabKeycode.self),
          let xDisplay = xDisplayOf(UnsafeMutableRawPointer(display)) else { return }
    let keycode = keycodeOf(xDisplay, UInt(GDK_KEY_Escape))
    guard keycode != 0 else { return }
    // The grab is taken with no modifiers (GrabKey's table in gdkdrag-x11.c).
    var modifiers: [Int32] = [0, 0]
    _ = ungrab(xDisplay, deviceID(UnsafeMutableRawPointer(keyboard)), Int32(keycode), rootOf(xDisplay), 1, &modifiers)
    gdk_display_flush(display)
}
