#!/bin/sh
# Rasterizes the SVG sources into the PNGs the application embeds (1x and 2x), so the dashboard
# needs no SVG image plugin at run time. Run after editing an icon: resources/icons/render.sh
set -e
cd "$(dirname "$0")"
for svg in *.svg; do
    name="${svg%.svg}"
    size=32
    [ "$name" = keyright ] && size=64
    convert -background none -density 384 "$svg" -resize "${size}x${size}" "png/$name.png"
    convert -background none -density 768 "$svg" -resize "$((size * 2))x$((size * 2))" "png/$name@2x.png"
done
