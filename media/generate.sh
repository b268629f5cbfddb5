#!/usr/bin/env bash
# Generates the demo media once (committed; re-run only to change it): thumbnails for every demo product,
# five short lessons (H.264 + AAC) with WebVTT captions and the dashboard promo. Needs ImageMagick and ffmpeg.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p thumbnails videos captions
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

# Thumbnails: one per product, coloured by its category, titled, with type and level.
npx tsx -e "
import { demoCategories, demoProducts } from '../services/content/src/demo/catalog';
const colours = new Map(demoCategories.map((c) => [c.slug, c.color]));
for (const p of demoProducts) console.log([p.slug, colours.get(p.category), p.title, (p.type + ' · ' + p.difficulty).toUpperCase()].join('\t'));
" | while IFS=$'\t' read -r slug colour title label; do
  convert -size 640x360 gradient:"${colour}"-'#0f172a' \
    -font DejaVu-Sans-Bold -fill white -pointsize 17 -gravity northwest -annotate +40+36 "${label}" \
    -fill '#ffffffaa' -draw 'rectangle 40,64 100,68' \
    \( -size 560x -background none -fill white -font DejaVu-Sans-Bold -pointsize 46 caption:"${title}" \) \
    -gravity southwest -geometry +40+70 -composite \
    -fill '#ffffffcc' -font DejaVu-Sans -pointsize 16 -gravity southwest -annotate +40+28 'Catalyst' \
    -strip -interlace Plane -quality 70 "thumbnails/${slug}.jpg"
done
npx tsx generate-thumbnail-copies.ts # each thumbnail's 320 px copy (sharp)

lesson() { # name, source filter, tone Hz, seconds, title
  ffmpeg -y -loglevel error -f lavfi -i "$2" -f lavfi -i "sine=frequency=$3:sample_rate=44100" -t "$4" \
    -vf "drawtext=fontfile=$FONT:text='$5':fontcolor=white:fontsize=30:box=1:boxcolor=black@0.55:boxborderw=12:x=(w-text_w)/2:y=h-70,drawtext=fontfile=$FONT:text='%{pts\:hms}':fontcolor=white:fontsize=18:box=1:boxcolor=black@0.5:boxborderw=6:x=16:y=16" \
    -c:v libx264 -profile:v main -pix_fmt yuv420p -preset slow -crf 34 -maxrate 90k -bufsize 180k -g 48 \
    -af "volume=0.08" -c:a aac -b:a 40k -ac 1 -movflags +faststart "videos/$1.mp4"
}
lesson lesson-1 "testsrc2=size=640x360:rate=24" 440 30 'Lesson 1 - Foundations'
lesson lesson-2 "smptebars=size=640x360:rate=24" 523 24 'Lesson 2 - Core Concepts'
lesson lesson-3 "mandelbrot=size=640x360:rate=24" 392 36 'Lesson 3 - Going Deeper'
lesson lesson-4 "life=size=640x360:rate=12:mold=10:ratio=0.1:death_color=#1e293b:life_color=#f59e0b,scale=640:360" 330 28 'Lesson 4 - Practice'
lesson lesson-5 "testsrc=size=640x360:rate=24,hue=H=t*0.5" 494 22 'Lesson 5 - Wrap-up'

# Promo for the dashboard hero (autoplay, muted, loop): no audio track needed but kept tiny.
ffmpeg -y -loglevel error -f lavfi -i "mandelbrot=size=960x400:rate=24:start_scale=2.5:end_scale=0.2" -t 15 \
  -vf "eq=saturation=1.4,drawtext=fontfile=$FONT:text='Catalyst':fontcolor=white:fontsize=64:x=(w-text_w)/2:y=(h-text_h)/2-30,drawtext=fontfile=$FONT:text='Where the change happens.':fontcolor=white@0.9:fontsize=28:x=(w-text_w)/2:y=(h/2)+30" \
  -c:v libx264 -profile:v main -pix_fmt yuv420p -preset slow -crf 34 -maxrate 200k -bufsize 400k -an -movflags +faststart promo.mp4

# WebVTT captions for every lesson (the player offers captions when the lesson's file exists).
cat > captions/lesson-1.vtt <<'VTT'
WEBVTT

00:00:00.000 --> 00:00:05.000
Welcome to the first lesson. Let's lay the foundations.

00:00:05.000 --> 00:00:12.000
We start with the ideas everything else builds on.

00:00:12.000 --> 00:00:20.000
Pause any time: your position is saved as you watch.

00:00:20.000 --> 00:00:30.000
When you're ready, mark the lesson complete and move on.
VTT
cat > captions/lesson-2.vtt <<'VTT'
WEBVTT

00:00:00.000 --> 00:00:06.000
Lesson two: the core concepts.

00:00:06.000 --> 00:00:12.000
Each idea here comes back in every later lesson.

00:00:12.000 --> 00:00:18.000
Take notes: the resources below the player summarise them.

00:00:18.000 --> 00:00:24.000
Next, we put the concepts to work.
VTT
cat > captions/lesson-3.vtt <<'VTT'
WEBVTT

00:00:00.000 --> 00:00:07.200
Lesson three goes deeper.

00:00:07.200 --> 00:00:14.400
We take the core concepts apart, one at a time.

00:00:14.400 --> 00:00:21.600
Watch how a small change moves the whole picture.

00:00:21.600 --> 00:00:28.800
Try it yourself before the next step.

00:00:28.800 --> 00:00:36.000
Stuck? Ask in the discussion under this lesson.
VTT
cat > captions/lesson-4.vtt <<'VTT'
WEBVTT

00:00:00.000 --> 00:00:07.000
Lesson four is practice.

00:00:07.000 --> 00:00:14.000
Work through the exercise at your own pace.

00:00:14.000 --> 00:00:21.000
Check each step against the worked example.

00:00:21.000 --> 00:00:28.000
Finished? Compare your result and move on.
VTT
cat > captions/lesson-5.vtt <<'VTT'
WEBVTT

00:00:00.000 --> 00:00:07.333
Lesson five wraps up the course.

00:00:07.333 --> 00:00:14.667
We recap what you learned, start to finish.

00:00:14.667 --> 00:00:22.000
Complete every lesson to earn your certificate.
VTT
du -sh . thumbnails videos promo.mp4
