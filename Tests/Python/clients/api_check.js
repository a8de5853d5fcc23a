#!/usr/bin/gjs -m
// SPDX-FileCopyrightText: 2026 The WrapHStack authors
// SPDX-License-Identifier: LGPL-2.1-or-later
// A held-out GJS client of the installed Flow library (test_installed_library.py runs it against
// the prefix alone): the typed accessors and their notify, selection by the real pointer and keys
// (xdotool, through the X server the test runs under), activation, max-lines leaving `visible`
// alone, the vertical minimum width, wrap-policy, pack-direction and hexpand. Prints one line a
// check, "ok NAME" or "FAIL NAME: what was seen", and "done".
import Flow from 'gi://Flow?version=1.0';
import GLib from 'gi://GLib';
import Graphene from 'gi://Graphene';
import Gtk from 'gi://Gtk?version=4.0';
import GdkX11 from 'gi://GdkX11?version=4.0';

void GdkX11; // its get_xid on the window's surface

Gtk.init();
Flow.init();

function check(name, condition, seen) {
    print(condition ? `ok ${name}` : `FAIL ${name}: ${seen}`);
}

function iterate(milliseconds = 150) {
    const context = GLib.MainContext.default();
    const end = GLib.get_monotonic_time() + milliseconds * 1000;
    while (GLib.get_monotonic_time() < end) {
        if (!context.iteration(false))
            GLib.usleep(2000);
    }
}

function xdotool(...args) {
    const [ok, , , status] = GLib.spawn_sync(null, ['xdotool', ...args], null, GLib.SpawnFlags.SEARCH_PATH, null);
    if (!ok || status !== 0)
        throw new Error(`xdotool ${args.join(' ')} failed`);
    iterate();
}

// Typed accessors and notify.
const box = new Flow.WrapHStack();
let notified = 0;
box.connect('notify::item-spacing', () => notified++);
box.set_item_spacing(10);
box.set_item_spacing(10);
check('typed-setter', box.get_item_spacing() === 10 && box.item_spacing === 10, box.get_item_spacing());
check('notify-once', notified === 1, notified);
box.set_line_spacing(10);
box.set_selection_mode(Gtk.SelectionMode.MULTIPLE);
check('selection-mode', box.get_selection_mode() === Gtk.SelectionMode.MULTIPLE, box.get_selection_mode());

const items = [];
for (let i = 0; i < 8; i++) {
    // A focusable box around a label, so that the keys reach the children.
    const item = new Gtk.Box({focusable: true});
    item.append(new Gtk.Label({label: `item ${i}`, width_request: 90, height_request: 30}));
    box.append(item);
    items.push(item);
}
const changes = [];
box.connect('selected-children-changed', () => changes.push(box.get_selected_children().length));
const activated = [];
box.connect('child-activated', (_box, child) => activated.push(items.indexOf(child)));

const window = new Gtk.Window({title: 'flow-gjs-client', default_width: 420, default_height: 300, child: box});
window.present();
iterate(600);
const xid = String(window.get_surface().get_xid());
xdotool('windowfocus', '--sync', xid);

function click(widget, ...modifiers) {
    const [ok, point] = widget.compute_point(window, new Graphene.Point({x: widget.get_width() / 2, y: widget.get_height() / 2}));
    if (!ok)
        throw new Error('no point');
    const [dx, dy] = window.get_surface_transform();
    const args = ['mousemove', '--window', xid, String(Math.round(point.x + dx)), String(Math.round(point.y + dy))];
    for (const modifier of modifiers)
        args.push('keydown', modifier);
    args.push('click', '1');
    for (const modifier of modifiers)
        args.push('keyup', modifier);
    xdotool(...args);
}
const selected = () => box.get_selected_children().map(child => items.indexOf(child)).sort((a, b) => a - b);

click(items[1]);
check('click-selects', JSON.stringify(selected()) === '[1]', JSON.stringify(selected()));
click(items[3], 'ctrl');
check('ctrl-click-adds', JSON.stringify(selected()) === '[1,3]', JSON.stringify(selected()));
// Shift+click selects from the anchor (the last child clicked without Shift) to the child, as
// GtkFlowBox does.
click(items[5], 'shift');
check('shift-click-extends', JSON.stringify(selected()) === '[3,4,5]', JSON.stringify(selected()));
check('api-sees-the-pointer', box.is_child_selected(items[4]) && !box.is_child_selected(items[6]), selected());
check('changed-signal', changes.length >= 3, JSON.stringify(changes));
xdotool('key', 'ctrl+a');
check('ctrl-a-selects-all', selected().length === 8, JSON.stringify(selected()));
box.unselect_all();
check('unselect-all', selected().length === 0, JSON.stringify(selected()));
// GtkFlowBox's default: a single click activates (the first plain click above did).
check('single-click-default', box.get_activate_on_single_click() && JSON.stringify(activated) === '[1]', JSON.stringify(activated));
xdotool('key', 'Return');
check('enter-activates', JSON.stringify(activated) === '[1,5]', JSON.stringify(activated));
box.set_activate_on_single_click(false);
click(items[2]);
check('click-without-single-click-only-selects', JSON.stringify(activated) === '[1,5]' && JSON.stringify(selected()) === '[2]',
      `${JSON.stringify(activated)} ${JSON.stringify(selected())}`);
box.set_activate_on_single_click(true);
click(items[0]);
check('single-click-activates', JSON.stringify(activated) === '[1,5,0]', JSON.stringify(activated));

// max-lines hides through child-visible: the app's own `visible` is left as the app set it.
items[6].set_visible(false);
box.set_max_lines(1);
iterate();
box.set_max_lines(0);
iterate();
check('max-lines-leaves-visible', !items[6].get_visible() && items[7].get_visible(), `${items[6].get_visible()} ${items[7].get_visible()}`);
items[6].set_visible(true);

// The vertical minimum width: one column of the widest child.
const column = new Flow.WrapHStack({orientation: Gtk.Orientation.VERTICAL});
for (const width of [40, 120, 60])
    column.append(new Gtk.Label({label: 'x', width_request: width, height_request: 20}));
const [minimum] = column.measure(Gtk.Orientation.HORIZONTAL, -1);
check('vertical-minimum-width', minimum === 120, minimum);

// wrap-policy minimum keeps on a line what fits at the children's minimum sizes.
function lineCount(configure) {
    const row = new Flow.WrapHStack({item_spacing: 0});
    const children = [];
    for (let i = 0; i < 3; i++) {
        // Minimum 50, natural 100 wide.
        const label = new Gtk.Label({label: 'x', width_request: 50, hexpand: false});
        label.set_size_request(50, 20);
        const holder = new Gtk.ScrolledWindow({hscrollbar_policy: Gtk.PolicyType.EXTERNAL, propagate_natural_width: true,
                                               min_content_width: 50, max_content_width: 100, child: new Gtk.Label({label: 'x', width_request: 100})});
        children.push(holder);
        row.append(holder);
    }
    configure(row, children);
    const test = new Gtk.Window({default_width: 200, default_height: 100, child: row});
    test.present();
    iterate(400);
    const tops = new Set(children.map(child => child.compute_bounds(row)[1].origin.y));
    const lefts = children.map(child => child.compute_bounds(row)[1].origin.x);
    const widths = children.map(child => child.get_width());
    test.destroy();
    return {lines: tops.size, lefts, widths};
}
const natural = lineCount(row => row.set_wrap_policy(Flow.WrapPolicy.NATURAL));
const least = lineCount(row => row.set_wrap_policy(Flow.WrapPolicy.MINIMUM));
check('wrap-policy', natural.lines === 2 && least.lines === 1, `natural ${natural.lines}, minimum ${least.lines}`);
const reversed = lineCount(row => { row.set_wrap_policy(Flow.WrapPolicy.MINIMUM); row.set_pack_direction(Flow.PackDirection.END_TO_START); });
check('pack-direction', reversed.lefts[0] > reversed.lefts[1] && reversed.lefts[1] > reversed.lefts[2], JSON.stringify(reversed.lefts));
const grown = lineCount((row, children) => { row.set_wrap_policy(Flow.WrapPolicy.MINIMUM); children[0].set_hexpand(true); });
check('hexpand-grows', grown.widths[0] > grown.widths[1], JSON.stringify(grown.widths));

window.destroy();
iterate();
print('done');
