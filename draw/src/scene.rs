//! A tiny vector scene (rectangles, circles, polygons, text), written as SVG
//! text or rasterised to RGB pixels without any imaging library.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Write};

/// A colour, `0xrrggbb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color(pub u32);

impl Color {
    /// The red, green and blue bytes.
    pub const fn rgb(self) -> [u8; 3] {
        [(self.0 >> 16) as u8, (self.0 >> 8) as u8, self.0 as u8]
    }
}

impl fmt::Display for Color {
    /// `#rrggbb`, lower case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:06x}", self.0 & 0xff_ffff)
    }
}

/// Where a text's `x` is: at its start or its middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// `x` is where the text starts.
    Start,
    /// `x` is the text's middle.
    Middle,
}

/// The family of a text's font.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Font {
    /// `sans-serif`.
    Sans,
    /// `monospace`.
    Mono,
}

/// An outline: its colour and width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// The colour.
    pub color: Color,
    /// The width.
    pub width: f64,
}

/// A shape of a [`Scene`].
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A rectangle with corners rounded by `radius`.
    Rect {
        /// Left edge.
        x: f64,
        /// Top edge.
        y: f64,
        /// Width.
        w: f64,
        /// Height.
        h: f64,
        /// The inside's colour, if filled.
        fill: Option<Color>,
        /// The outline, if any.
        stroke: Option<Stroke>,
        /// The corners' radius.
        radius: f64,
    },
    /// A circle.
    Circle {
        /// Centre x.
        cx: f64,
        /// Centre y.
        cy: f64,
        /// Radius.
        r: f64,
        /// The inside's colour, if filled.
        fill: Option<Color>,
        /// The outline, if any.
        stroke: Option<Stroke>,
    },
    /// A closed polygon (rounded joins).
    Polygon {
        /// The corners, in order.
        points: Vec<(f64, f64)>,
        /// The inside's colour, if filled.
        fill: Option<Color>,
        /// The outline, if any.
        stroke: Option<Stroke>,
    },
    /// A line of text, its baseline at `y`.
    Text {
        /// x of its start or middle (see `anchor`).
        x: f64,
        /// y of its baseline.
        y: f64,
        /// The words.
        text: String,
        /// The font size.
        size: f64,
        /// The colour.
        fill: Color,
        /// Where `x` is.
        anchor: Anchor,
        /// The font family.
        font: Font,
    },
}

/// Shapes in drawing order on a `width` × `height` canvas.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// The canvas colour.
    pub background: Color,
    /// The shapes, first drawn first.
    pub shapes: Vec<Shape>,
}

/// A stroke of `color` and `width`.
pub const fn stroke(color: u32, width: f64) -> Option<Stroke> {
    Some(Stroke {
        color: Color(color),
        width,
    })
}

impl Scene {
    /// An empty canvas.
    pub fn new(width: usize, height: usize, background: u32) -> Scene {
        Scene {
            width,
            height,
            background: Color(background),
            shapes: Vec::new(),
        }
    }

    /// Adds a rectangle.
    #[allow(clippy::too_many_arguments)]
    pub fn rect(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        fill: Option<u32>,
        stroke: Option<Stroke>,
        radius: f64,
    ) {
        let fill = fill.map(Color);
        self.shapes.push(Shape::Rect {
            x,
            y,
            w,
            h,
            fill,
            stroke,
            radius,
        });
    }

    /// Adds a circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: Option<u32>, stroke: Option<Stroke>) {
        let fill = fill.map(Color);
        self.shapes.push(Shape::Circle {
            cx,
            cy,
            r,
            fill,
            stroke,
        });
    }

    /// Adds a polygon.
    pub fn polygon(&mut self, points: Vec<(f64, f64)>, fill: Option<u32>, stroke: Option<Stroke>) {
        let fill = fill.map(Color);
        self.shapes.push(Shape::Polygon {
            points,
            fill,
            stroke,
        });
    }

    /// Adds a line of text in sans-serif.
    pub fn text(
        &mut self,
        x: f64,
        y: f64,
        text: impl Into<String>,
        size: f64,
        fill: u32,
        anchor: Anchor,
    ) {
        self.shapes.push(Shape::Text {
            x,
            y,
            text: text.into(),
            size,
            fill: Color(fill),
            anchor,
            font: Font::Sans,
        });
    }

    /// Makes the canvas taller by two lines of 16 and writes `line` there
    /// (how a finished game's result is shown).
    pub fn add_line(&mut self, line: &str) {
        let size = 16.0;
        self.height += 32;
        let y = self.height as f64 - size * 0.8;
        self.text(12.0, y, line, size, 0x000000, Anchor::Start);
    }

    /// The picture as SVG text.
    pub fn to_svg(&self) -> String {
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = self.write_svg(&mut out);
        out
    }

    /// Writes the picture as SVG text.
    ///
    /// # Errors
    ///
    /// Only those of `out`.
    pub fn write_svg(&self, out: &mut dyn Write) -> fmt::Result {
        let (w, h) = (self.width, self.height);
        write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" "
        )?;
        writeln!(out, "viewBox=\"0 0 {w} {h}\">")?;
        write!(
            out,
            "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
            self.background
        )?;
        for shape in &self.shapes {
            out.write_char('\n')?;
            match shape {
                Shape::Rect {
                    x,
                    y,
                    w,
                    h,
                    fill,
                    stroke,
                    radius,
                } => {
                    write!(
                        out,
                        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" ",
                        G(*x),
                        G(*y),
                        G(*w),
                        G(*h),
                        G(*radius)
                    )?;
                    paint(out, *fill, *stroke)?;
                    out.write_str("/>")?;
                }
                Shape::Polygon {
                    points,
                    fill,
                    stroke,
                } => {
                    out.write_str("<polygon points=\"")?;
                    for (k, (x, y)) in points.iter().enumerate() {
                        let sep = if k == 0 { "" } else { " " };
                        write!(out, "{sep}{},{}", G(*x), G(*y))?;
                    }
                    out.write_str("\" ")?;
                    paint(out, *fill, *stroke)?;
                    out.write_str(" stroke-linejoin=\"round\"/>")?;
                }
                Shape::Circle {
                    cx,
                    cy,
                    r,
                    fill,
                    stroke,
                } => {
                    write!(
                        out,
                        "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" ",
                        G(*cx),
                        G(*cy),
                        G(*r)
                    )?;
                    paint(out, *fill, *stroke)?;
                    out.write_str("/>")?;
                }
                Shape::Text {
                    x,
                    y,
                    text,
                    size,
                    fill,
                    anchor,
                    font,
                } => {
                    let font = match font {
                        Font::Sans => "sans-serif",
                        Font::Mono => "monospace",
                    };
                    let anchor = match anchor {
                        Anchor::Start => "start",
                        Anchor::Middle => "middle",
                    };
                    write!(
                        out,
                        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-family=\"{font}\" text-anchor=\"{anchor}\" fill=\"{fill}\">",
                        G(*x),
                        G(*y),
                        G(*size)
                    )?;
                    for c in text.chars() {
                        match c {
                            '&' => out.write_str("&amp;")?,
                            '<' => out.write_str("&lt;")?,
                            '>' => out.write_str("&gt;")?,
                            c => out.write_char(c)?,
                        }
                    }
                    out.write_str("</text>")?;
                }
            }
        }
        out.write_str("\n</svg>")
    }
}

/// `fill="…" stroke="…" stroke-width="…"` (`none` for what is absent; a
/// missing stroke's width is 1).
fn paint(out: &mut dyn Write, fill: Option<Color>, stroke: Option<Stroke>) -> fmt::Result {
    match fill {
        Some(c) => write!(out, "fill=\"{c}\" ")?,
        None => out.write_str("fill=\"none\" ")?,
    }
    match stroke {
        Some(s) => write!(
            out,
            "stroke=\"{}\" stroke-width=\"{}\"",
            s.color,
            G(s.width)
        ),
        None => out.write_str("stroke=\"none\" stroke-width=\"1\""),
    }
}

/// A number as C's `%g` writes it: six significant digits, no trailing
/// zeros (plain decimals for the picture's range; tiny values are 0).
struct G(f64);

impl fmt::Display for G {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        if !x.is_finite() || x.abs() < 1e-4 {
            return f.write_str("0");
        }
        let mut digits = 1usize; // digits before the point
        let mut scale = 10.0;
        while x.abs() >= scale && digits < 6 {
            digits += 1;
            scale *= 10.0;
        }
        let decimals = if x.abs() < 1.0 {
            6 + leading_zeros(x)
        } else {
            6 - digits
        };
        let mut text = String::new();
        let _ = write!(text, "{x:.decimals$}");
        if text.contains('.') {
            let trimmed = text.trim_end_matches('0').trim_end_matches('.');
            text.truncate(trimmed.len());
        }
        if text == "-0" {
            text.remove(0);
        }
        f.write_str(&text)
    }
}

/// The zeros after the point before the first significant digit of `x`
/// (|x| < 1).
fn leading_zeros(x: f64) -> usize {
    let mut n = 0;
    let mut v = x.abs();
    while v < 0.1 && n < 4 {
        v *= 10.0;
        n += 1;
    }
    n
}

impl Scene {
    /// The picture as `(width, height, pixels)`, the pixels row by row, three
    /// bytes (red, green, blue) each. Rectangles (corners square), circles
    /// and polygons are drawn, each pixel taking the colour of the last shape
    /// covering its centre; text is left out.
    pub fn to_rgb(&self) -> (usize, usize, Vec<u8>) {
        let mut img = Raster {
            width: self.width,
            height: self.height,
            pixels: Vec::new(),
        };
        let bg = self.background.rgb();
        img.pixels = bg
            .iter()
            .copied()
            .cycle()
            .take(self.width * self.height * 3)
            .collect();
        for shape in &self.shapes {
            match shape {
                Shape::Text { .. } => {}
                Shape::Polygon {
                    points,
                    fill,
                    stroke,
                } => img.polygon(points, *fill, *stroke),
                Shape::Rect {
                    x,
                    y,
                    w,
                    h,
                    fill,
                    stroke,
                    ..
                } => img.rect([*x, *y, x + w, y + h], *fill, *stroke),
                Shape::Circle {
                    cx,
                    cy,
                    r,
                    fill,
                    stroke,
                } => img.circle(*cx, *cy, *r, *fill, *stroke),
            }
        }
        (img.width, img.height, img.pixels)
    }
}

struct Raster {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

/// Python's `int()` of a float: towards zero.
fn trunc(v: f64) -> i64 {
    if v.is_finite() {
        v as i64
    } else {
        0
    }
}

impl Raster {
    fn put(&mut self, x: usize, y: usize, color: Color) {
        let at = (y * self.width + x) * 3;
        if let Some(px) = self.pixels.get_mut(at..at + 3) {
            px.copy_from_slice(&color.rgb());
        }
    }

    /// The pixel window of a bounding box, clipped to the canvas.
    fn window(&self, x0: f64, y0: f64, x1: f64, y1: f64) -> Option<(usize, usize, usize, usize)> {
        let (w, h) = (self.width as i64, self.height as i64);
        let (ax, ay) = (trunc(x0).max(0), trunc(y0).max(0));
        let (bx, by) = ((trunc(x1) + 1).min(w), (trunc(y1) + 1).min(h));
        (ax < bx && ay < by).then_some((ax as usize, ay as usize, bx as usize, by as usize))
    }

    fn rect(&mut self, b: [f64; 4], fill: Option<Color>, stroke: Option<Stroke>) {
        let Some((x0, y0, x1, y1)) = self.window(b[0], b[1], b[2], b[3]) else {
            return;
        };
        for y in y0..y1 {
            let py = y as f64 + 0.5;
            for x in x0..x1 {
                let px = x as f64 + 0.5;
                let mut inside = px >= b[0] && px < b[2] && py >= b[1] && py < b[3];
                if let Some(s) = stroke {
                    if inside {
                        self.put(x, y, s.color);
                    }
                    let sw = s.width;
                    inside = px >= b[0] + sw && px < b[2] - sw && py >= b[1] + sw && py < b[3] - sw;
                }
                if let (Some(f), true) = (fill, inside) {
                    self.put(x, y, f);
                }
            }
        }
    }

    fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: Option<Color>, stroke: Option<Stroke>) {
        let m = r + stroke.map_or(1.0, |s| s.width);
        let Some((x0, y0, x1, y1)) = self.window(cx - m, cy - m, cx + m, cy + m) else {
            return;
        };
        for y in y0..y1 {
            let py = y as f64 + 0.5;
            for x in x0..x1 {
                let px = x as f64 + 0.5;
                let d2 = (px - cx) * (px - cx) + (py - cy) * (py - cy);
                let inner = match stroke {
                    Some(s) => {
                        let inner_r = (r - s.width / 2.0).max(0.0);
                        let inner = d2 <= inner_r * inner_r;
                        let outer = r + s.width / 2.0;
                        if d2 <= outer * outer && !inner {
                            self.put(x, y, s.color);
                        }
                        inner
                    }
                    None => d2 <= r * r,
                };
                if let (Some(f), true) = (fill, inner) {
                    self.put(x, y, f);
                }
            }
        }
    }

    /// Fills a polygon (even-odd rule at pixel centres), then strokes its
    /// edges by their distance from each pixel centre.
    fn polygon(&mut self, points: &[(f64, f64)], fill: Option<Color>, stroke: Option<Stroke>) {
        if points.is_empty() {
            return;
        }
        let m = stroke.map_or(0.0, |s| s.width);
        let fold = |f: fn(f64, f64) -> f64, pick: fn(&(f64, f64)) -> f64, start: f64| {
            points.iter().map(pick).fold(start, f)
        };
        let min_x = fold(f64::min, |p| p.0, f64::INFINITY);
        let max_x = fold(f64::max, |p| p.0, f64::NEG_INFINITY);
        let min_y = fold(f64::min, |p| p.1, f64::INFINITY);
        let max_y = fold(f64::max, |p| p.1, f64::NEG_INFINITY);
        let Some((x0, y0, x1, y1)) = self.window(min_x - m, min_y - m, max_x + m, max_y + m) else {
            return;
        };
        let n = points.len();
        for y in y0..y1 {
            let py = y as f64 + 0.5;
            for x in x0..x1 {
                let px = x as f64 + 0.5;
                let mut inside = false;
                let mut near = false;
                for k in 0..n {
                    let (ax, ay) = points[k];
                    let (bx, by) = points[(k + 1) % n];
                    if (ay > py) != (by > py) && px < ax + (py - ay) * (bx - ax) / (by - ay) {
                        inside = !inside;
                    }
                    if let Some(s) = stroke {
                        let (dx, dy) = (bx - ax, by - ay);
                        let len2 = dx * dx + dy * dy;
                        let len2 = if len2 == 0.0 { 1.0 } else { len2 };
                        let t = (((px - ax) * dx + (py - ay) * dy) / len2).clamp(0.0, 1.0);
                        let (ex, ey) = (px - ax - t * dx, py - ay - t * dy);
                        near |= ex * ex + ey * ey <= (s.width / 2.0) * (s.width / 2.0);
                    }
                }
                if let (Some(f), true) = (fill, inside) {
                    self.put(x, y, f);
                }
                if let (Some(s), true) = (stroke, near) {
                    self.put(x, y, s.color);
                }
            }
        }
    }
}
