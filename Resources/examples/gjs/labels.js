#!/usr/bin/gjs -m
// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: CC0-1.0
// Twelve labels in a Flow.WrapHStack, from JavaScript (GJS). Once the window is laid out, prints
// each label's frame in the box ("x y width height", one a line) and quits.
//
//   gjs -m labels.js        (the Flow typelib on GI_TYPELIB_PATH, unless installed in /usr)
import Flow from 'gi://Flow?version=1.0';
import GLib from 'gi://GLib';
import Gtk from 'gi://Gtk?version=4.0';

Gtk.init();
Flow.init();

const box = new Flow.WrapHStack({item_spacing: 6, line_spacing: 4});
const labels = [];
for (let i = 1; i <= 12; i++) {
    const label = new Gtk.Label({label: `tag ${i}`});
    labels.push(label);
    box.append(label);
}

const window = new Gtk.Window({default_width: 200, default_height: 200, child: box});
window.present();

const loop = new GLib.MainLoop(null, false);
GLib.timeout_add(GLib.PRIORITY_DEFAULT, 200, () => {
    if (box.get_width() === 0)
        return GLib.SOURCE_CONTINUE; // not laid out yet
    for (const label of labels) {
        const [ok, frame] = label.compute_bounds(box);
        if (ok)
            print(`${frame.origin.x} ${frame.origin.y} ${frame.size.width} ${frame.size.height}`);
    }
    loop.quit();
    return GLib.SOURCE_REMOVE;
});
loop.run();
window.destroy();
