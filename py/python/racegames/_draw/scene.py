"""A tiny vector scene (rectangles, circles, polygons, text) rendered as SVG
or, without any imaging library, as an RGB numpy array."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple, Union
from xml.sax.saxutils import escape

import numpy as np

Color = str


def _rgb(color: Color) -> Tuple[int, int, int]:
    c = color.lstrip("#")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


@dataclass
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Optional[Color]
    stroke: Optional[Color] = None
    stroke_width: float = 1.0
    radius: float = 0.0


@dataclass
class Circle:
    cx: float
    cy: float
    r: float
    fill: Optional[Color]
    stroke: Optional[Color] = None
    stroke_width: float = 1.0


@dataclass
class Text:
    x: float
    y: float
    text: str
    size: float = 12.0
    fill: Color = "#000000"
    anchor: str = "middle"
    font: str = "sans-serif"


@dataclass
class Polygon:
    points: List[Tuple[float, float]]
    fill: Optional[Color]
    stroke: Optional[Color] = None
    stroke_width: float = 1.0


Shape = Union[Rect, Circle, Polygon, Text]


@dataclass
class Scene:
    """Shapes in drawing order on a ``width`` × ``height`` canvas."""

    width: int
    height: int
    background: Color = "#ffffff"
    shapes: List[Shape] = field(default_factory=list)

    def rect(self, x: float, y: float, w: float, h: float, fill: Optional[Color], **kw: float | str | None) -> None:
        self.shapes.append(Rect(x, y, w, h, fill, **kw))  # type: ignore[arg-type]

    def circle(self, cx: float, cy: float, r: float, fill: Optional[Color], **kw: float | str | None) -> None:
        self.shapes.append(Circle(cx, cy, r, fill, **kw))  # type: ignore[arg-type]

    def polygon(self, points: List[Tuple[float, float]], fill: Optional[Color], **kw: float | str | None) -> None:
        self.shapes.append(Polygon(list(points), fill, **kw))  # type: ignore[arg-type]

    def text(self, x: float, y: float, text: str, **kw: float | str) -> None:
        self.shapes.append(Text(x, y, text, **kw))  # type: ignore[arg-type]

    def to_svg(self) -> str:
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}">',
            f'<rect x="0" y="0" width="{self.width}" height="{self.height}" fill="{self.background}"/>',
        ]
        for s in self.shapes:
            if isinstance(s, Rect):
                out.append(
                    f'<rect x="{s.x:g}" y="{s.y:g}" width="{s.w:g}" height="{s.h:g}" rx="{s.radius:g}" '
                    f'fill="{s.fill or "none"}" stroke="{s.stroke or "none"}" stroke-width="{s.stroke_width:g}"/>'
                )
            elif isinstance(s, Polygon):
                points = " ".join(f"{x:g},{y:g}" for x, y in s.points)
                out.append(
                    f'<polygon points="{points}" fill="{s.fill or "none"}" '
                    f'stroke="{s.stroke or "none"}" stroke-width="{s.stroke_width:g}" stroke-linejoin="round"/>'
                )
            elif isinstance(s, Circle):
                out.append(
                    f'<circle cx="{s.cx:g}" cy="{s.cy:g}" r="{s.r:g}" fill="{s.fill or "none"}" '
                    f'stroke="{s.stroke or "none"}" stroke-width="{s.stroke_width:g}"/>'
                )
            else:
                out.append(
                    f'<text x="{s.x:g}" y="{s.y:g}" font-size="{s.size:g}" font-family="{s.font}" '
                    f'text-anchor="{s.anchor}" fill="{s.fill}">{escape(s.text)}</text>'
                )
        out.append("</svg>")
        return "\n".join(out)

    def to_rgb(self) -> np.ndarray:
        """Rasterises rectangles and circles (text is left out)."""
        img = np.empty((self.height, self.width, 3), dtype=np.uint8)
        img[:, :] = _rgb(self.background)
        for s in self.shapes:
            if isinstance(s, Text):
                continue
            if isinstance(s, Polygon):
                _fill_polygon(img, s)
                continue
            if isinstance(s, Rect):
                box = (s.x, s.y, s.x + s.w, s.y + s.h)
            else:
                m = s.r + s.stroke_width
                box = (s.cx - m, s.cy - m, s.cx + m, s.cy + m)
            x0, y0 = max(int(box[0]), 0), max(int(box[1]), 0)
            x1, y1 = min(int(box[2]) + 1, self.width), min(int(box[3]) + 1, self.height)
            if x0 >= x1 or y0 >= y1:
                continue
            ys, xs = np.mgrid[y0:y1, x0:x1]
            px, py = xs + 0.5, ys + 0.5
            window = img[y0:y1, x0:x1]
            if isinstance(s, Rect):
                inside = (px >= box[0]) & (px < box[2]) & (py >= box[1]) & (py < box[3])
                if s.stroke:
                    window[inside] = _rgb(s.stroke)
                    sw = s.stroke_width
                    inside = (px >= box[0] + sw) & (px < box[2] - sw) & (py >= box[1] + sw) & (py < box[3] - sw)
                if s.fill:
                    window[inside] = _rgb(s.fill)
            else:
                d2 = (px - s.cx) ** 2 + (py - s.cy) ** 2
                if s.stroke:
                    inner = d2 <= max(s.r - s.stroke_width / 2, 0) ** 2
                    window[(d2 <= (s.r + s.stroke_width / 2) ** 2) & ~inner] = _rgb(s.stroke)
                else:
                    inner = d2 <= s.r**2
                if s.fill:
                    window[inner] = _rgb(s.fill)
        return img


def _fill_polygon(img: np.ndarray, s: Polygon) -> None:
    """Fills a polygon (even-odd rule at pixel centres), then strokes its
    edges by their distance from each pixel centre."""
    xs = [x for x, _ in s.points]
    ys = [y for _, y in s.points]
    m = s.stroke_width if s.stroke else 0.0
    height, width = img.shape[:2]
    x0, y0 = max(int(min(xs) - m), 0), max(int(min(ys) - m), 0)
    x1, y1 = min(int(max(xs) + m) + 1, width), min(int(max(ys) + m) + 1, height)
    if x0 >= x1 or y0 >= y1:
        return
    gy, gx = np.mgrid[y0:y1, x0:x1]
    px, py = gx + 0.5, gy + 0.5
    inside = np.zeros(px.shape, dtype=bool)
    near = np.zeros(px.shape, dtype=bool)
    n = len(s.points)
    for k in range(n):
        (ax, ay), (bx, by) = s.points[k], s.points[(k + 1) % n]
        crosses = (ay > py) != (by > py)
        with np.errstate(divide="ignore", invalid="ignore"):
            at = ax + (py - ay) * (bx - ax) / (by - ay)
        inside ^= crosses & (px < at)
        if s.stroke:
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy or 1.0
            t = np.clip(((px - ax) * dx + (py - ay) * dy) / length2, 0.0, 1.0)
            near |= (px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2 <= (s.stroke_width / 2) ** 2
    window = img[y0:y1, x0:x1]
    if s.fill:
        window[inside] = _rgb(s.fill)
    if s.stroke:
        window[near] = _rgb(s.stroke)
