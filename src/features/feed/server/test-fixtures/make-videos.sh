#!/bin/sh
# Regenerates the tiny test videos (needs ffmpeg: apt-get install ffmpeg). Each carries the metadata a phone
# writes: a GPS position (QuickTime ©xyz / Apple location key, Matroska tags), a title and a recording date.
set -e
cd "$(dirname "$0")"
META='-metadata location=+48.8584+002.2945/ -metadata title=GPS-MARKER-TITLE -metadata creation_time=2001-02-03T04:05:06Z'
SRC='-f lavfi -i testsrc=size=64x48:rate=10 -f lavfi -i sine=frequency=440 -t 1'
ffmpeg -loglevel error -y $SRC -c:v libx264 -pix_fmt yuv420p -profile:v baseline -c:a aac -b:a 32k $META \
  -metadata com.apple.quicktime.location.ISO6709=+48.8584+002.2945/ -movflags +use_metadata_tags phone.mov
ffmpeg -loglevel error -y $SRC -c:v libx264 -pix_fmt yuv420p -profile:v baseline -c:a aac -b:a 32k $META -movflags +use_metadata_tags phone.mp4
ffmpeg -loglevel error -y $SRC -c:v libvpx -b:v 50k -c:a libopus -b:a 24k $META clip.webm
