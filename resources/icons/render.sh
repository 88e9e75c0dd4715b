#!/bin/sh
# Rasterizes the SVG sources into the PNGs the application embeds (1x and 2x), so the dashboard
# needs no SVG image plugin at run time. Run after editing an icon: resources/icons/render.sh
# (rsvg-convert from Debian's librsvg2-bin: ImageMagick's own SVG reader draws open curves filled)
set -e
cd "$(dirname "$0")"
for svg in *.svg; do
    name="${svg%.svg}"
    size=32
    [ "$name" = keyright ] && size=64
    rsvg-convert -w "$size" -h "$size" "$svg" -o "png/$name.png"
    rsvg-convert -w "$((size * 2))" -h "$((size * 2))" "$svg" -o "png/$name@2x.png"
done
