// Tanteador enclosure: a lid with the OLED window and the four buttons, a base
// holding the Pico (USB reachable from the left side) and a battery bay.
// All sizes in millimetres. Check the part sizes against yours before printing.
//
// Render one part for printing:   openscad -D 'part="lid"'  -o lid.stl  tanteador.scad
//                                 openscad -D 'part="base"' -o base.stl tanteador.scad
// The lid is modelled top up; turn it over in the slicer (top face on the bed).

part = "both";            // "base", "lid" or "both" (side by side, for a look)
button_style = "round";   // "round" (12 mm tactile caps or 12 mm panel buttons),
                          // "mx" (keyboard switches, 14 mm square plate cut-out)
labels = true;            // engrave UP / DN / OK / BK next to the buttons

// --- case ---------------------------------------------------------------
box_w = 120;              // outer width (x)
box_d = 64;               // outer depth (y)
box_h = 30;               // outer height, base + lid
wall = 2.0;               // side wall thickness
floor_t = 2.0;            // base floor thickness
lid_t = 2.0;              // lid plate thickness
lip_h = 3.0;              // lid lip that drops inside the walls
fit = 0.3;                // clearance between lid lip and walls
corner_r = 4;             // outer corner radius
screw_d = 2.5;            // pilot hole in the corner posts (M3 self-tapping)
screw_head_d = 3.4;       // clearance hole in the lid
post_d = 7;               // corner post diameter

// --- display (defaults: 0.96" SSD1306 module; 1.3" SH1106 values in comments)
oled_window_w = 24;       // visible area plus a margin   (1.3": 31)
oled_window_h = 13;       //                              (1.3": 16)
oled_window_dy = 2.0;     // window centre above the PCB centre (glass is off-centre)
oled_pcb_w = 27.5;        //                              (1.3": 35.5)
oled_pcb_h = 28;          //                              (1.3": 34)
oled_hole_dx = 23.5;      // mounting hole spacing        (1.3": 30.5)
oled_hole_dy = 23.8;      //                              (1.3": 28.5)
oled_hole_d = 2.2;        // M2 screw holes through the lid bosses
oled_boss_h = 3;          // bosses under the lid holding the module's PCB

// --- buttons: UP/DOWN under the left thumb, OK/BACK under the right ------
button_d = 12.6;          // round hole: 12 mm caps / panel buttons + clearance
mx_hole = 14.0;           // square hole for keyboard switches
mx_plate = 1.5;           // plate thickness keyboard switches clip into
button_pitch = 20;        // vertical distance between the two buttons of a pair
button_x = 42;            // distance of each pair from the centre line

// --- Pico and USB -------------------------------------------------------
pico_l = 51;              // Raspberry Pi Pico board
pico_w = 21;
pico_hole_dx = 47;        // mounting holes, datasheet
pico_hole_dy = 11.4;
pico_standoff_h = 4;
pico_standoff_d = 5;
pico_pin_d = 2.0;         // pins into the Pico's 2.1 mm holes
pcb_t = 1.0;
usb_w = 12;               // cut-out for the micro-USB plug overmould
usb_h = 8;

// --- battery bay (3xAAA holder with switch; LiPo fits too) ---------------
battery_l = 50;           // along x
battery_w = 38;           // along y
battery_h = 15;           // bay wall height
bay_wall = 1.6;
switch_w = 9;             // slide switch opening in the right wall
switch_h = 5;

$fn = 48;
eps = 0.01;
inner_w = box_w - 2 * wall;
inner_d = box_d - 2 * wall;
base_h = box_h - lid_t;

button_pos = [[-button_x, button_pitch / 2], [-button_x, -button_pitch / 2],
              [button_x, button_pitch / 2], [button_x, -button_pitch / 2]];
button_label = ["UP", "DN", "OK", "BK"];

pico_x = -box_w / 2 + wall + 1.5 + pico_l / 2;   // USB end against the left wall
pico_y = box_d / 2 - wall - 2 - pico_w / 2;
battery_x = box_w / 2 - wall - 2 - battery_l / 2 - bay_wall;
battery_y = -box_d / 2 + wall + 2 + battery_w / 2 + bay_wall;

module rounded_box(w, d, h, r) {
    linear_extrude(h)
        offset(r) square([w - 2 * r, d - 2 * r], center = true);
}

module corner_positions() {
    for (sx = [-1, 1], sy = [-1, 1])
        translate([sx * (inner_w / 2 - post_d / 2 + 0.5), sy * (inner_d / 2 - post_d / 2 + 0.5), 0])
            children();
}

module base() {
    difference() {
        union() {
            difference() {
                rounded_box(box_w, box_d, base_h, corner_r);
                translate([0, 0, floor_t]) rounded_box(inner_w, inner_d, base_h, corner_r - wall);
            }
            corner_positions() cylinder(d = post_d, h = base_h - lip_h - fit);
            // Pico standoffs with locating pins.
            for (sx = [-1, 1], sy = [-1, 1])
                translate([pico_x + sx * pico_hole_dx / 2, pico_y + sy * pico_hole_dy / 2, 0]) {
                    cylinder(d = pico_standoff_d, h = floor_t + pico_standoff_h);
                    cylinder(d = pico_pin_d, h = floor_t + pico_standoff_h + pcb_t + 1);
                }
            // Battery bay walls.
            translate([battery_x, battery_y, 0])
                difference() {
                    translate([-battery_l / 2 - bay_wall, -battery_w / 2 - bay_wall, 0])
                        cube([battery_l + 2 * bay_wall, battery_w + 2 * bay_wall, floor_t + battery_h]);
                    translate([-battery_l / 2, -battery_w / 2, floor_t])
                        cube([battery_l, battery_w, battery_h + eps]);
                    // Wire exit towards the Pico.
                    translate([-battery_l / 2 - bay_wall - eps, battery_w / 2 - 12, floor_t + 4])
                        cube([bay_wall + 2 * eps, 8, battery_h]);
                }
        }
        corner_positions() translate([0, 0, floor_t]) cylinder(d = screw_d, h = base_h);
        // USB cut-out at the Pico's connector, centred on the plug.
        translate([-box_w / 2 - eps, pico_y - usb_w / 2,
                   floor_t + pico_standoff_h + pcb_t + 1.5 - usb_h / 2])
            cube([wall + 2 * eps, usb_w, usb_h]);
        // Power switch in the right wall, beside the battery bay.
        translate([box_w / 2 - wall - eps, battery_y - switch_w / 2, floor_t + battery_h / 2])
            cube([wall + 2 * eps, switch_w, switch_h]);
    }
}

module button_hole() {
    if (button_style == "mx") {
        translate([0, 0, -eps]) linear_extrude(lid_t + 2 * eps) square(mx_hole, center = true);
    } else {
        translate([0, 0, -eps]) cylinder(d = button_d, h = lid_t + 2 * eps);
    }
}

module lid() {
    difference() {
        union() {
            // Plate, then the lip that keeps the lid in place inside the walls.
            translate([0, 0, lip_h]) rounded_box(box_w, box_d, lid_t, corner_r);
            difference() {
                rounded_box(inner_w - 2 * fit, inner_d - 2 * fit, lip_h + eps, corner_r - wall);
                translate([0, 0, -eps]) rounded_box(inner_w - 2 * fit - 2 * wall,
                                                    inner_d - 2 * fit - 2 * wall, lip_h + 3 * eps,
                                                    max(1, corner_r - 2 * wall));
            }
            // Bosses for the OLED module's mounting holes.
            for (sx = [-1, 1], sy = [-1, 1])
                translate([sx * oled_hole_dx / 2, sy * oled_hole_dy / 2, lip_h - oled_boss_h])
                    cylinder(d = 5, h = oled_boss_h + eps);
        }
        translate([-oled_window_w / 2, oled_window_dy - oled_window_h / 2, -eps])
            cube([oled_window_w, oled_window_h, lip_h + lid_t + 2 * eps]);
        for (sx = [-1, 1], sy = [-1, 1])
            translate([sx * oled_hole_dx / 2, sy * oled_hole_dy / 2, lip_h - oled_boss_h - eps])
                cylinder(d = oled_hole_d, h = oled_boss_h + lid_t + 3 * eps);
        for (p = button_pos) translate([p[0], p[1], lip_h]) button_hole();
        if (button_style == "mx")
            // Thin the plate from below around each switch to the clip thickness.
            for (p = button_pos)
                translate([p[0], p[1], lip_h - eps])
                    linear_extrude(lid_t - mx_plate + eps) square(mx_hole + 4, center = true);
        corner_positions() translate([0, 0, -eps]) cylinder(d = screw_head_d, h = lip_h + lid_t + 1);
        if (labels)
            for (i = [0:3])
                translate([button_pos[i][0] + (button_pos[i][0] < 0 ? 13 : -13),
                           button_pos[i][1], lip_h + lid_t - 0.6])
                    linear_extrude(1)
                        text(button_label[i], size = 4, halign = "center", valign = "center");
    }
}

if (part == "base") base();
else if (part == "lid") lid();
else {
    translate([0, box_d / 2 + 6, 0]) base();
    translate([0, -box_d / 2 - 6, 0]) lid();
}
