// The curricula of the demo courses beyond the three written out lesson by lesson in demo-courses.ts: each
// the same shape (a free preview and a second video, a reading, a third video and an exercise with its
// downloadable worksheet), so every demo course is a real course. media/pdf/designs/course-worksheet.ts draws
// each worksheet from the same outline, so the PDF says what the exercise asks.
export interface DemoCourseOutline {
  /** An existing demo product of type course (services/content/src/demo/catalog.ts). */
  slug: string;
  /** The two sections' titles. */
  sections: readonly [string, string];
  /** The first section's two videos (the first is the free preview), then the second section's. */
  videos: readonly [string, string, string];
  /** The first section's closing reading: its title and paragraphs. */
  reading: { title: string; paragraphs: readonly string[] };
  /** The second section's exercise: what it is, the steps it asks for, and its worksheet's title. */
  exercise: { title: string; intro: string; steps: readonly string[]; worksheet: string };
}

/** The worksheet PDF of an outlined course's exercise (made by media/generate-resources.ts). */
export const outlineWorksheetFile = (slug: string): string => `/media/resources/${slug}-worksheet.pdf`;

export const DEMO_COURSE_OUTLINES: readonly DemoCourseOutline[] = [
  {
    slug: 'node-js-rest-apis',
    sections: ['Designing the API', 'Testing and shipping'],
    videos: [
      'Resources, routes and status codes',
      'One error shape for every failure',
      'Testing against a real database',
    ],
    reading: {
      title: 'Validating input at the edge',
      paragraphs: [
        'Every request body, query string and path parameter is untrusted. Check it once, where it enters the service, against a schema that says exactly what is allowed, and reject everything else with a 400 that names the field.',
        'Inside the service, code can then trust its inputs: no defensive checks scattered through handlers, and no half-written rows when a value turns out to be wrong.',
      ],
    },
    exercise: {
      title: 'Exercise: a bookmarks API',
      intro: 'Build a small API that keeps bookmarks, the way the lessons built theirs.',
      steps: [
        'Model a bookmark: a URL, a title and a list of tags.',
        'Write the five routes: list, read, create, update and delete.',
        'Reject bad input with a 400 in one error shape.',
        'Test every route against a real PostgreSQL database.',
      ],
      worksheet: 'API design worksheet',
    },
  },
  {
    slug: 'deep-learning-with-pytorch',
    sections: ['Tensors and training', 'Real models'],
    videos: [
      'From tensors to a training loop',
      'Backpropagation without the fog',
      'Transfer learning with a pretrained network',
    ],
    reading: {
      title: 'Reading a loss curve',
      paragraphs: [
        'Plot the training loss and the validation loss after every epoch. Both falling together means the network is learning; training loss falling while validation loss rises means it has started to memorise.',
        'A loss that jumps to NaN usually means exploding gradients: lower the learning rate, clip the gradients, or check the input for values that were never normalised.',
      ],
    },
    exercise: {
      title: 'Exercise: fine-tune an image classifier',
      intro: 'Adapt a network trained on millions of photos to a small dataset of your own.',
      steps: [
        'Load a pretrained ResNet and freeze all of its layers.',
        'Replace the last layer with one sized for your classes.',
        'Train for five epochs and plot both loss curves.',
        'Unfreeze the last block, lower the learning rate and train again.',
      ],
      worksheet: 'Fine-tuning worksheet',
    },
  },
  {
    slug: 'design-systems-workshop',
    sections: ['Foundations', 'Adoption and governance'],
    videos: [
      'What a design system is for',
      'Design tokens: one source of truth',
      'Running contribution reviews',
    ],
    reading: {
      title: 'Documenting components people will use',
      paragraphs: [
        'A component page answers four questions in this order: what it is for, when not to use it, how it looks in every state, and the code to copy. Most teams write only the last one.',
        'Show real content in the examples, not lorem ipsum, and keep the do and don’t pairs side by side so the difference is visible at a glance.',
      ],
    },
    exercise: {
      title: 'Exercise: a token set for a button',
      intro: 'Define the tokens one button needs, so design and code read them from the same place.',
      steps: [
        'List every colour, radius and spacing value the button uses today.',
        'Name each one by purpose (action-primary-background), not by value (blue-600).',
        'Map the names to values for the light and the dark theme.',
        'Write the component page: purpose, states, do and don’t.',
      ],
      worksheet: 'Design token worksheet',
    },
  },
  {
    slug: 'user-research-crash-course',
    sections: ['Planning research', 'Making sense of it'],
    videos: ['Why talk to users at all', 'Writing an interview guide', 'Affinity mapping your notes'],
    reading: {
      title: 'Questions that do not lead',
      paragraphs: [
        'Ask about what people did, not what they would do: “Tell me about the last time you booked a trip” gives facts, “Would you use a trip planner?” gives politeness.',
        'Avoid questions that contain their answer (“Wasn’t that frustrating?”), and let silences run: the most useful sentence often comes after a pause.',
      ],
    },
    exercise: {
      title: 'Exercise: five interviews in a week',
      intro: 'Run a small study from question to decision.',
      steps: [
        'Write one research question and an interview guide of eight open questions.',
        'Recruit five people who did the task in the last month.',
        'Interview each for thirty minutes and take notes in their words.',
        'Group the notes on a wall and write the three decisions they support.',
      ],
      worksheet: 'Interview planning worksheet',
    },
  },
  {
    slug: 'startup-finance-101',
    sections: ['The numbers that matter', 'Raising money'],
    videos: ['Profit, cash and why they differ', 'Reading the three statements', 'Term sheets and dilution'],
    reading: {
      title: 'Runway in one formula',
      paragraphs: [
        'Runway is cash in the bank divided by net monthly burn: what goes out each month minus what comes in. A company with $600,000 and a net burn of $50,000 has twelve months.',
        'Raise before you need to: fundraising takes three to six months, so start when at least nine months of runway remain.',
      ],
    },
    exercise: {
      title: 'Exercise: model your runway',
      intro: 'Build the one spreadsheet every founder should keep up to date.',
      steps: [
        'List monthly costs: people, tools, rent and everything else.',
        'Forecast revenue month by month for eighteen months, cautiously.',
        'Compute net burn and the month the cash runs out.',
        'Change one assumption and see how the date moves.',
      ],
      worksheet: 'Runway model worksheet',
    },
  },
  {
    slug: 'leading-remote-teams',
    sections: ['Working apart', 'Looking after people'],
    videos: [
      'What changes when the team is remote',
      'Rituals that replace the hallway',
      'One-on-ones that matter',
    ],
    reading: {
      title: 'Write decisions down',
      paragraphs: [
        'In an office a decision spreads by overhearing; in a remote team it spreads only if someone writes it. Keep a decision log: what was decided, why, by whom, and what was rejected.',
        'Link to the log from wherever the question comes up again. The second time someone asks, the answer is a link, not a meeting.',
      ],
    },
    exercise: {
      title: 'Exercise: design your team’s week',
      intro: 'Lay out the rituals your team needs, and nothing more.',
      steps: [
        'Write down every recurring meeting and what it decides.',
        'Replace status meetings with a written update.',
        'Keep one weekly moment that is only for talking.',
        'Schedule a thirty-minute one-on-one with every person.',
      ],
      worksheet: 'Team rituals worksheet',
    },
  },
  {
    slug: 'negotiation-workshop',
    sections: ['Preparation', 'At the table'],
    videos: ['Why preparation wins negotiations', 'Your BATNA and theirs', 'Trading concessions'],
    reading: {
      title: 'Anchors and ranges',
      paragraphs: [
        'The first number on the table pulls the outcome towards it. When you have done your research, make the first offer, ambitious but defensible, and explain the reasoning behind it.',
        'When the other side anchors first, do not argue with their number: restate your own reasoning and counter from it.',
      ],
    },
    exercise: {
      title: 'Exercise: a salary negotiation role-play',
      intro: 'Practise with a partner, once in each role.',
      steps: [
        'Research the market range for the role and write down your BATNA.',
        'Decide your opening number, your target and your walk-away point.',
        'List three things besides salary you could trade.',
        'Play both roles, then note which concession moved the other side.',
      ],
      worksheet: 'Negotiation planning worksheet',
    },
  },
  {
    slug: 'photography-basics',
    sections: ['The exposure triangle', 'Leaving auto mode'],
    videos: ['Light, and how a camera records it', 'Aperture and depth of field', 'Reading a histogram'],
    reading: {
      title: 'Shutter speed and ISO',
      paragraphs: [
        'Shutter speed decides how motion looks: 1/1000 s freezes a runner, 1/15 s turns a waterfall into silk. Hand-held, keep it faster than one over the focal length to avoid shake.',
        'ISO brightens the picture after the light has arrived, at the cost of noise. Raise it last, once aperture and shutter speed are where the picture needs them.',
      ],
    },
    exercise: {
      title: 'Exercise: one scene, three exposures',
      intro: 'Photograph the same scene three ways in manual mode.',
      steps: [
        'Pick a scene with something moving in it.',
        'Take one picture with a wide aperture and a blurred background.',
        'Take one with a slow shutter that shows the movement.',
        'Take one that freezes the movement, raising ISO as needed, and compare the three.',
      ],
      worksheet: 'Exposure log worksheet',
    },
  },
  {
    slug: 'lightroom-editing-workflow',
    sections: ['Import and cull', 'Grade and export'],
    videos: ['A workflow you can repeat', 'Culling fast with flags and stars', 'Building a preset'],
    reading: {
      title: 'Folders, collections and keywords',
      paragraphs: [
        'Keep folders for where files live (one per shoot, named by date) and collections for how you use them (portfolio, client delivery, prints). A photo can be in many collections but one folder.',
        'Add three or four keywords at import, while you still remember the shoot: a year later they are the only way to find it.',
      ],
    },
    exercise: {
      title: 'Exercise: edit a full shoot in an hour',
      intro: 'Take one shoot from import to export against the clock.',
      steps: [
        'Import with your preset and keywords applied.',
        'Cull in one pass with flags, then rate the keepers.',
        'Grade one hero image and sync its settings to the rest.',
        'Export a web set and a print set with saved export presets.',
      ],
      worksheet: 'Editing workflow worksheet',
    },
  },
  {
    slug: 'night-and-astro-photography',
    sections: ['Planning the night', 'Shooting and stacking'],
    videos: [
      'What the night sky needs from you',
      'Moon, weather and light-pollution maps',
      'Long exposures and the 500 rule',
    ],
    reading: {
      title: 'Focusing at infinity',
      paragraphs: [
        'Autofocus fails in the dark, and the infinity mark on most lenses is not quite infinity. Switch to manual focus, zoom into the brightest star on the live view and turn the ring until it is the smallest point it can be.',
        'Tape the focus ring once it is right: a knock in the dark costs a whole night of soft pictures.',
      ],
    },
    exercise: {
      title: 'Exercise: a stacked Milky Way image',
      intro: 'Plan, shoot and stack one image of the Milky Way.',
      steps: [
        'Find a night near the new moon and a site away from city lights.',
        'Shoot twenty frames at the longest exposure the 500 rule allows.',
        'Shoot ten dark frames with the lens cap on.',
        'Stack the frames and compare the noise with a single one.',
      ],
      worksheet: 'Night shoot planning worksheet',
    },
  },
  {
    slug: 'music-production-for-beginners',
    sections: ['First sounds', 'A finished track'],
    videos: ['Your DAW in ten minutes', 'Programming a drum beat', 'Bass lines that lock to the kick'],
    reading: {
      title: 'Chords that work together',
      paragraphs: [
        'Pick a key and build chords from its notes only: in C major, C, Dm, Em, F, G and Am all belong. Any four of them in a loop will sound like they belong together.',
        'The classic pop loop is I–V–vi–IV: C, G, Am, F. Start there, then swap one chord and listen to how the mood changes.',
      ],
    },
    exercise: {
      title: 'Exercise: from a loop to a song',
      intro: 'Turn a 16-bar loop into a full arrangement.',
      steps: [
        'Make a 16-bar loop with drums, bass and four chords.',
        'Copy it into intro, verse, chorus and outro sections.',
        'Take instruments out of the intro and verse so the chorus lands.',
        'Add one new sound in the second chorus and bounce the track.',
      ],
      worksheet: 'Song arrangement worksheet',
    },
  },
  {
    slug: 'mastering-workshop',
    sections: ['Listening', 'Processing'],
    videos: ['What mastering can and cannot fix', 'Reference tracks', 'Limiting without pumping'],
    reading: {
      title: 'Loudness targets for streaming',
      paragraphs: [
        'Streaming services turn every track to about the same loudness, around −14 LUFS integrated. A master pushed to −8 LUFS gets turned down and keeps only the damage the limiter did.',
        'Aim near the target, keep true peaks below −1 dBTP so encoding does not clip, and compare with references at matched loudness.',
      ],
    },
    exercise: {
      title: 'Exercise: master one track for streaming',
      intro: 'Master a finished mix and check it like a streaming service would.',
      steps: [
        'Pick two reference tracks in the same genre.',
        'Fix the tonal balance with gentle, broad EQ moves.',
        'Limit to about -14 LUFS with true peaks under -1 dBTP.',
        'Compare with the references at matched loudness and note what differs.',
      ],
      worksheet: 'Mastering checklist worksheet',
    },
  },
  {
    slug: 'music-theory-crash-course',
    sections: ['Notes and scales', 'Chords and progressions'],
    videos: ['Notes on a keyboard', 'Major and minor scales', 'Building triads and sevenths'],
    reading: {
      title: 'Intervals, the building blocks',
      paragraphs: [
        'An interval is the distance between two notes, counted in semitones: three make a minor third, four a major third, seven a perfect fifth.',
        'Every chord is a stack of intervals. A major triad is a major third with a minor third on top; swap them and it becomes minor.',
      ],
    },
    exercise: {
      title: 'Exercise: write a four-chord progression',
      intro: 'Write, play and vary one progression.',
      steps: [
        'Choose a key and write out its seven chords.',
        'Pick four of them and loop them for eight bars.',
        'Play the same chords with smooth voice leading.',
        'Swap one chord for a seventh and describe what changed.',
      ],
      worksheet: 'Chord progression worksheet',
    },
  },
];
