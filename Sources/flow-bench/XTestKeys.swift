// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Key presses (and the first pointer button) sent to the X server through its XTEST extension
/// from this process, as xdotool sends them, so that an edit's time starts at the key and not at a new xdotool process's start
/// (BENCHMARKS.md, "Edits at a million"). libX11 and libXtst come with xdotool, which
/// the editor benchmarks need anyway.
enum XTestKeys {
    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias KeysymToKeycode = @convention(c) (OpaquePointer?, UInt) -> UInt8
    private typealias FakeKeyEvent = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private typealias FakeButtonEvent = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private typealias Flush = @convention(c) (OpaquePointer?) -> Int32

    private struct Library {
        let display: OpaquePointer
        let keycode: KeysymToKeycode
        let fake: FakeKeyEvent
        let button: FakeButtonEvent
        let flush: Flush
    }

    nonisolated(unsafe) private static var library: Library?

    /// The X keysyms the benchmarks press.
    static let returnKey: UInt = 0xff0d, deleteKey: UInt = 0xffff, backspace: UInt = 0xff08, tab: UInt = 0xff09,
               f2: UInt = 0xffbf, control: UInt = 0xffe3, z: UInt = 0x7a

    /// Opens the display in `DISPLAY`; why not, if it cannot.
    static func open() -> String? {
        guard library == nil else { return nil }
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xtst = dlopen("libXtst.so.6", RTLD_NOW) else {
            return "libX11.so.6 or libXtst.so.6 cannot be loaded (Debian: libx11-6, libxtst6)"
        }
        guard let open = dlsym(x11, "XOpenDisplay"), let keycode = dlsym(x11, "XKeysymToKeycode"),
              let flush = dlsym(x11, "XFlush"), let fake = dlsym(xtst, "XTestFakeKeyEvent"),
              let button = dlsym(xtst, "XTestFakeButtonEvent") else {
            return "libX11 or libXtst lacks XOpenDisplay, XKeysymToKeycode, XFlush, XTestFakeKeyEvent or XTestFakeButtonEvent"
        }
        guard let display = unsafeBitCast(open, to: OpenDisplay.self)(nil) else { return "cannot open the display" }
        library = Library(display: display, keycode: unsafeBitCast(keycode, to: KeysymToKeycode.self),
                          fake: unsafeBitCast(fake, to: FakeKeyEvent.self),
                          button: unsafeBitCast(button, to: FakeButtonEvent.self), flush: unsafeBitCast(flush, to: Flush.self))
        return nil
    }

    /// Presses the keys of `keysyms` in order in the window that has the keyboard, and releases
    /// them in the opposite order (a shortcut: Control, then Z).
    static func press(_ keysyms: UInt...) {
        guard let x = library else { fatalError("flow-bench: XTestKeys.press before open()") }
        let codes = keysyms.map { UInt32(x.keycode(x.display, $0)) }
        for code in codes { _ = x.fake(x.display, code, 1, 0) }
        for code in codes.reversed() { _ = x.fake(x.display, code, 0, 0) }
        _ = x.flush(x.display)
    }

    /// The first button pressed (`down`) or released where the pointer is.
    static func button(down: Bool) {
        guard let x = library else { fatalError("flow-bench: XTestKeys.button before open()") }
        _ = x.button(x.display, 1, down ? 1 : 0, 0)
        _ = x.flush(x.display)
    }
}
