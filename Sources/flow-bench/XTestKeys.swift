// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Key presses sent to the X server through its XTEST extension from this process, as xdotool
/// sends them, so that an edit's time starts at the key and not at a new xdotool process's start
/// (BENCHMARKS.md, "Edits at a million"). libX11 and libXtst come with xdotool, which
/// the editor benchmarks need anyway.
enum XTestKeys {
    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias KeysymToKeycode = @convention(c) (OpaquePointer?, UInt) -> UInt8
    private typealias FakeKeyEvent = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
    private typealias Flush = @convention(c) (OpaquePointer?) -> Int32

    private struct Library {
        let display: OpaquePointer
        let keycode: KeysymToKeycode
        let fake: FakeKeyEvent
        let flush: Flush
    }

    nonisolated(unsafe) private static var library: Library?

    /// The X keysyms the benchmarks press.
    static let returnKey: UInt = 0xff0d, deleteKey: UInt = 0xffff

    /// Opens the display in `DISPLAY`; why not, if it cannot.
    static func open() -> String? {
        guard library == nil else { return nil }
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xtst = dlopen("libXtst.so.6", RTLD_NOW) else {
            return "libX11.so.6 or libXtst.so.6 cannot be loaded (Debian: libx11-6, libxtst6)"
        }
        guard let open = dlsym(x11, "XOpenDisplay"), let keycode = dlsym(x11, "XKeysymToKeycode"),
              let flush = dlsym(x11, "XFlush"), let fake = dlsym(xtst, "XTestFakeKeyEvent") else {
            return "libX11 or libXtst lacks XOpenDisplay, XKeysymToKeycode, XFlush or XTestFakeKeyEvent"
        }
        guard let display = unsafeBitCast(open, to: OpenDisplay.self)(nil) else { return "cannot open the display" }
        library = Library(display: display, keycode: unsafeBitCast(keycode, to: KeysymToKeycode.self),
                          fake: unsafeBitCast(fake, to: FakeKeyEvent.self), flush: unsafeBitCast(flush, to: Flush.self))
        return nil
    }

    /// Presses and releases the key of `keysym` in the window that has the keyboard.
    static func press(_ keysym: UInt) {
        guard let x = library else { fatalError("flow-bench: XTestKeys.press before open()") }
        let code = UInt32(x.keycode(x.display, keysym))
        _ = x.fake(x.display, code, 1, 0)
        _ = x.fake(x.display, code, 0, 0)
        _ = x.flush(x.display)
    }
}
