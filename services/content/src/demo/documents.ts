// The readable documents of the demo catalogue's document products: each a short written guide (HTML,
// sanitised like any product content when seeded) that the product page shows as its content.

const doc = (...blocks: string[]) => blocks.map((b) => (b.startsWith('<') ? b : `<p>${b}</p>`)).join('\n');
const list = (items: string[], tag: 'ul' | 'ol' = 'ul') =>
  `<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`;

/** Document product slug → the document itself. Every demo product of type document has one. */
export const demoDocuments: Record<string, string> = {
  'web-performance-checklist': doc(
    '<h2>The Web Performance Checklist</h2>',
    'Measure first, then fix in this order: the largest wins are usually images, JavaScript and caching. Check each item off on a real phone over a throttled connection, not on your laptop.',
    '<h3>Measure</h3>',
    list([
      'Record Largest Contentful Paint, Interaction to Next Paint and Cumulative Layout Shift from real users.',
      'Run Lighthouse on the three pages people open most, with mobile throttling.',
      'Write the budget down: LCP under 2.5 s, INP under 200 ms, CLS under 0.1.',
    ]),
    '<h3>Images</h3>',
    list([
      'Serve AVIF or WebP with a JPEG fallback.',
      'Give every image width and height attributes so nothing moves when it loads.',
      'Lazy-load images below the fold; never the largest one above it.',
      'Offer sizes through srcset so phones download small files.',
    ]),
    '<h3>JavaScript</h3>',
    list([
      'Split bundles by route; load what a page needs, when it needs it.',
      'Remove unused dependencies and polyfills for browsers you no longer support.',
      'Defer third-party scripts until after the page is interactive.',
    ]),
    '<h3>Caching</h3>',
    list([
      'Fingerprint static files and cache them for a year (immutable).',
      'Compress text with Brotli.',
      'Preconnect to the origins the first view needs.',
    ]),
  ),
  'data-visualisation-principles': doc(
    '<h2>Data Visualisation Principles</h2>',
    'A chart is an answer to a question. Write the question down before you choose the chart, and the choice usually makes itself.',
    '<h3>Match the chart to the question</h3>',
    list([
      '<strong>How does it change over time?</strong> A line chart.',
      '<strong>How do categories compare?</strong> A bar chart, sorted by value.',
      '<strong>What is the share of a whole?</strong> A stacked bar; a pie only for two or three parts.',
      '<strong>How are two measures related?</strong> A scatter plot.',
    ]),
    '<h3>Use colour with intent</h3>',
    'Make everything grey, then colour the one series the reader should look at. Use a sequential palette for ordered values and a diverging one around a meaningful middle, and never rely on red against green alone.',
    '<h3>Annotate the insight</h3>',
    'Put the conclusion in the title (“Sign-ups doubled after the redesign”), label lines directly instead of using a legend, and mark the events that explain the shape of the data.',
  ),
  'ab-testing-playbook': doc(
    '<h2>The A/B Testing Playbook</h2>',
    'An experiment is only as trustworthy as the decisions you make before it starts. Write them down, then do not change them while it runs.',
    '<h3>Before the test</h3>',
    list(
      [
        'State one primary metric and the smallest effect worth acting on.',
        'Compute the sample size from the baseline rate, that effect, 5% significance and 80% power.',
        'Decide the run time in whole weeks, so every weekday is counted equally.',
      ],
      'ol',
    ),
    '<h3>While it runs</h3>',
    'Do not peek and stop when the result looks significant: checking every day and stopping at the first p below 0.05 raises the false-positive rate well above 5%. If you must look early, use a sequential method designed for it.',
    '<h3>Reporting</h3>',
    list([
      'Report the effect with its confidence interval, not just “it won”.',
      'Check the sample ratio: a 50/50 split that arrives as 52/48 means something is broken.',
      'Keep losing tests in the log; they stop the same idea being tested twice.',
    ]),
  ),
  'colour-theory-for-screens': doc(
    '<h2>Colour Theory for Screens</h2>',
    'Screens mix light, not paint, and people read them in bright offices and dark bedrooms. A palette that works everywhere is built, not picked.',
    '<h3>Contrast first</h3>',
    'WCAG asks for a contrast ratio of at least 4.5:1 for body text and 3:1 for large text and interface parts. Check every text and background pair in your palette, including text on coloured buttons.',
    '<h3>Tonal palettes</h3>',
    'For each brand colour make a scale of ten steps from near white to near black, evenly spaced in lightness. Perceptual spaces such as OKLCH keep the steps even where HSL does not: a yellow and a blue at the same HSL lightness look nothing alike.',
    '<h3>Dark mode</h3>',
    list([
      'Do not invert: pick lighter steps of the same scales for text and accents.',
      'Use dark grey, not pure black, for backgrounds to keep depth visible.',
      'Lower the saturation of large coloured areas; bright colours vibrate on dark grounds.',
    ]),
  ),
  'accessibility-audit-guide': doc(
    '<h2>Accessibility Audit Guide</h2>',
    'Audit the journeys people actually take (signing up, searching, paying), not every page. Tools find about a third of the problems; the rest needs a keyboard, a screen reader and your judgement.',
    '<h3>Step by step</h3>',
    list(
      [
        'Run an automated checker (axe or Lighthouse) and fix what it finds.',
        'Put the mouse away and complete each journey with Tab, Enter, Space and the arrow keys. Focus must always be visible and never trapped.',
        'Zoom to 200% and to a 320 px wide window: nothing may be cut off or overlap.',
        'Complete each journey with a screen reader (NVDA, VoiceOver): every control needs a name, a role and its state.',
        'Check that errors say what went wrong and how to fix it, in text, not only in colour.',
      ],
      'ol',
    ),
    '<h3>Prioritise</h3>',
    'Fix first what blocks a journey completely, then what makes it slow or confusing. Record each finding with the WCAG 2.2 criterion, the page, the steps to reproduce and a screenshot.',
  ),
  'writing-a-business-plan': doc(
    '<h2>Writing a Business Plan</h2>',
    'A plan investors and banks will read fits on ten pages. Use these sections, in this order, and write the summary last.',
    list(
      [
        '<strong>Summary</strong>: the problem, your solution, the market, the ask, in half a page.',
        '<strong>Problem and customers</strong>: who has the problem and what it costs them today.',
        '<strong>Solution</strong>: what you sell and why it beats the alternatives.',
        '<strong>Market</strong>: size it from the bottom up: customers you can reach times what they pay.',
        '<strong>Go to market</strong>: the channels, with what one customer costs to win.',
        '<strong>Team</strong>: why these people can do it.',
        '<strong>Financials</strong>: three years of revenue, costs and cash, with the assumptions stated.',
        '<strong>The ask</strong>: how much, what it pays for, and the milestone it reaches.',
      ],
      'ol',
    ),
    '<h3>A worked example</h3>',
    'A bakery delivering to offices: 400 offices within five kilometres, 10% reachable in the first year, each ordering $60 a week, gives $124,800 of first-year revenue, a number a bank can check street by street.',
  ),
  'content-marketing-playbook': doc(
    '<h2>Content Marketing Playbook</h2>',
    'Content brings customers when it answers the questions they type before they buy. Plan it like a product, not like a diary.',
    '<h3>Plan</h3>',
    list([
      'List the twenty questions customers ask sales and support.',
      'Check which ones people search for, and how the top results answer them.',
      'Put one piece a week on an editorial calendar, each with an owner and a date.',
    ]),
    '<h3>Write for search intent</h3>',
    'Someone searching “how to” wants steps; someone searching “best” wants a comparison. Answer in the first paragraph, then go deeper, and use the words the reader used.',
    '<h3>Distribute and measure</h3>',
    list([
      'Share each piece in the newsletter and the two channels your customers use most.',
      'Measure sign-ups and sales that started on the piece, not page views.',
      'Update the best performers every six months instead of only writing new ones.',
    ]),
  ),
  'street-photography-field-guide': doc(
    '<h2>Street Photography Field Guide</h2>',
    'Good street pictures come from being ready before the moment happens. Set the camera up so you never look at it, and watch the street instead.',
    '<h3>Zone focusing</h3>',
    'Switch to manual focus, set the distance to three metres and the aperture to f/8 on a wide-angle lens: everything from about two metres to six is sharp. Now you can raise the camera and shoot without waiting for autofocus.',
    '<h3>Etiquette</h3>',
    list([
      'Know the law where you shoot; in many countries photographing people in public is legal, but rules differ.',
      'If someone objects, smile, show the picture and delete it if asked.',
      'Never photograph people in vulnerable situations for the sake of a picture.',
    ]),
    '<h3>Finding moments</h3>',
    'Find a good background (light, a sign, a shadow) and wait for someone to walk into it. Return to the same street at different hours: the light and the people change more than you expect.',
  ),
  'camera-buying-guide': doc(
    '<h2>Camera and Lens Buying Guide</h2>',
    'Lenses outlast bodies, and light matters more than megapixels. Decide what you will photograph, then buy for that.',
    '<h3>Sensors by subject</h3>',
    list([
      '<strong>Travel and street</strong>: APS-C or a small full-frame body, light enough to carry all day.',
      '<strong>Portraits and low light</strong>: full frame, for cleaner high-ISO images.',
      '<strong>Sport and wildlife</strong>: fast autofocus and burst rate matter more than the sensor.',
    ]),
    '<h3>The first prime lens</h3>',
    'A 35 mm or 50 mm f/1.8 costs little, is sharper than most kit zooms and gathers four times the light of an f/4 zoom. It is the best first upgrade for almost everyone.',
    '<h3>Gear traps</h3>',
    list([
      'Buying a new body to fix pictures that need better light or composition.',
      'Paying for video features you will not use.',
      'Forgetting the cost of memory cards, batteries and a bag.',
    ]),
  ),
  'home-studio-setup': doc(
    '<h2>Home Studio Setup Guide</h2>',
    'The room shapes the sound more than the gear. Spend on treatment and placement before you spend on a new microphone.',
    '<h3>Treat first reflections</h3>',
    'Sit in the mix position and have a friend slide a mirror along the side walls: wherever you see a speaker in it, hang an absorption panel. Add one on the ceiling above you and bass traps in the corners behind the speakers.',
    '<h3>Place the monitors</h3>',
    list([
      'Speakers and your head form an equilateral triangle.',
      'Tweeters at ear height, angled towards you.',
      'Away from the wall behind them (at least 30 cm) and symmetrical in the room.',
    ]),
    '<h3>A first microphone</h3>',
    'For vocals and spoken word in an untreated room, a dynamic microphone picks up less of the room than a condenser. Add a pop filter and keep a hand’s width between mouth and grille.',
  ),
  'podcast-audio-cheat-sheet': doc(
    '<h2>Podcast Audio Cheat Sheet</h2>',
    'Clear speech needs good levels at the source; everything after that is small corrections.',
    '<h3>Recording</h3>',
    list([
      'Record at 48 kHz, 24-bit, one track per speaker.',
      'Set the gain so normal speech peaks around −12 dBFS and laughter stays below −6 dBFS.',
      'Record ten seconds of room silence at the start for noise reduction.',
    ]),
    '<h3>Editing chain</h3>',
    list(
      [
        'Noise reduction, gently: 6–10 dB, using the room silence as the profile.',
        'High-pass filter at 80 Hz to remove rumble.',
        'Compression at 3:1, taking off 3–6 dB on the loudest words.',
        'A limiter at −1 dBTP.',
      ],
      'ol',
    ),
    '<h3>Export</h3>',
    'Normalise to −16 LUFS for stereo (−19 LUFS for mono), export MP3 at 128 kbit/s, and listen to the result on phone speakers and in earbuds before publishing.',
  ),
};
