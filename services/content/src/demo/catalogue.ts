// The demo catalogue: six categories, eight creators and 48 products (8 per category) over every type
// (PRODUCT_TYPES) and difficulty. Media lives in /media at the repo root (see media/README.md); each product plays
// one of the short demo lessons (`demoVideoFor`), and its duration is that lesson's, measured when the demo is seeded.
import type { Difficulty, ProductType } from '@catalyst/contracts';

export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  icon: string;
  color: string;
}

export interface DemoCreator {
  slug: string;
  name: string;
  description: string;
  icon: string;
  color: string;
}

export interface DemoProduct {
  slug: string;
  title: string;
  description: string;
  category: string;
  creator: string;
  type: ProductType;
  difficulty: Difficulty;
  tags: string[];
  /** Dollars; 0 is shown as 'Free'. */
  price: number | null;
  featured?: boolean;
  /** What the learner will do, for the HTML content. */
  outcomes: string[];
}

/**
 * What a learner does with each type, for the "How it works" part of a product's content: a webinar is a
 * recording, a document is read, so one text about videos and exercises would be untrue for most of them.
 */
export const howItWorks: Record<ProductType, string> = {
  course:
    'Work through the lessons in order, at your own pace: your position is saved as you go, so you can stop and pick up where you left off on any device. Each section ends with a short exercise — try it before moving on.',
  tutorial:
    'Follow along step by step: pause the video whenever you want to try a step yourself. Your position is saved as you go, so you can pick up where you left off on any device.',
  video: 'Watch at your own pace: your position is saved as you go, so you can stop and pick up where you left off on any device.',
  document:
    'A written guide to read at your own pace and come back to whenever you need it. The short video walks through its key points; mark it complete once you have read it through.',
  webinar:
    'The recording of a live session, audience questions included. Watch at your own pace: your position is saved as you go, so you can pick up where you left off on any device.',
};

export const demoCategories: DemoCategory[] = [
  { slug: 'web-development', name: 'Web Development', description: 'Build fast, accessible websites and web apps, from HTML and CSS to React and Node.js.', icon: '💻', color: '#3b82f6' },
  { slug: 'data-science', name: 'Data Science', description: 'Turn raw data into answers with Python, SQL, statistics and machine learning.', icon: '📊', color: '#10b981' },
  { slug: 'design', name: 'Design', description: 'Interface, visual and product design: typography, colour, layout and user research.', icon: '🎨', color: '#ec4899' },
  { slug: 'business', name: 'Business', description: 'Strategy, marketing, finance and leadership skills for founders and managers.', icon: '💼', color: '#f59e0b' },
  { slug: 'photography', name: 'Photography', description: 'Master your camera, light and composition, then edit like a professional.', icon: '📷', color: '#8b5cf6' },
  { slug: 'music-production', name: 'Music Production', description: 'Write, record, mix and master your own tracks in any digital audio workstation.', icon: '🎵', color: '#ef4444' },
];

export const demoCreators: DemoCreator[] = [
  { slug: 'maya-chen', name: 'Maya Chen', description: 'Front-end architect who has shipped design systems for three unicorns.', icon: '👩‍💻', color: '#3b82f6' },
  { slug: 'daniel-okafor', name: 'Daniel Okafor', description: 'Back-end engineer and database tuner; writes about Postgres and Node.js.', icon: '🛠️', color: '#0ea5e9' },
  { slug: 'priya-raman', name: 'Priya Raman', description: 'Data scientist teaching statistics and machine learning without the jargon.', icon: '🧠', color: '#10b981' },
  { slug: 'lucas-moreau', name: 'Lucas Moreau', description: 'Product designer focused on typography, colour and design critique.', icon: '✏️', color: '#ec4899' },
  { slug: 'sofia-alvarez', name: 'Sofia Alvarez', description: 'Startup advisor and former CFO; makes finance and strategy practical.', icon: '📈', color: '#f59e0b' },
  { slug: 'kenji-watanabe', name: 'Kenji Watanabe', description: 'Travel and portrait photographer with twenty years behind the lens.', icon: '📸', color: '#8b5cf6' },
  { slug: 'amara-nwosu', name: 'Amara Nwosu', description: 'Producer and mix engineer for independent artists and podcasts.', icon: '🎧', color: '#ef4444' },
  { slug: 'elena-petrova', name: 'Elena Petrova', description: 'Leadership coach and UX researcher who bridges people and products.', icon: '🌱', color: '#14b8a6' },
];

export const demoProducts: DemoProduct[] = [
  // Web Development
  { slug: 'html-css-from-scratch', title: 'HTML & CSS from Scratch', description: 'Build your first responsive website with semantic HTML and modern CSS, step by step.', category: 'web-development', creator: 'maya-chen', type: 'course', difficulty: 'beginner', tags: ['html', 'css', 'responsive', 'accessibility'], price: 0, featured: true, outcomes: ['Structure pages with semantic HTML', 'Style layouts with flexbox and grid', 'Make every page work on phones'] },
  { slug: 'modern-javascript-essentials', title: 'Modern JavaScript Essentials', description: 'Variables, functions, modules, promises and async/await: the JavaScript you actually use every day.', category: 'web-development', creator: 'maya-chen', type: 'course', difficulty: 'beginner', tags: ['javascript', 'es2023', 'async', 'modules'], price: 29.99, featured: true, outcomes: ['Write modern ES modules', 'Reason about the event loop', 'Handle errors in async code'] },
  { slug: 'react-hooks-in-depth', title: 'React Hooks in Depth', description: 'useState, useEffect, useMemo and custom hooks explained with real components and their pitfalls.', category: 'web-development', creator: 'maya-chen', type: 'tutorial', difficulty: 'intermediate', tags: ['react', 'hooks', 'javascript', 'frontend'], price: 19.99, outcomes: ['Pick the right hook for the job', 'Avoid stale closures', 'Extract reusable custom hooks'] },
  { slug: 'css-grid-layout-workshop', title: 'CSS Grid Layout Workshop', description: 'A hands-on workshop rebuilding five real magazine layouts with CSS Grid and subgrid.', category: 'web-development', creator: 'maya-chen', type: 'course', difficulty: 'intermediate', tags: ['css', 'grid', 'layout'], price: 24.99, outcomes: ['Design two-dimensional layouts', 'Use named areas and subgrid', 'Ship layouts without media-query soup'] },
  { slug: 'node-js-rest-apis', title: 'Building REST APIs with Node.js', description: 'Design, validate, test and deploy a production-ready REST API with Node.js and PostgreSQL.', category: 'web-development', creator: 'daniel-okafor', type: 'course', difficulty: 'intermediate', tags: ['nodejs', 'api', 'postgresql', 'testing'], price: 39.99, featured: true, outcomes: ['Model resources and errors', 'Validate input at the edge', 'Test against a real database'] },
  { slug: 'typescript-for-javascript-developers', title: 'TypeScript for JavaScript Developers', description: 'Add types to an existing codebase without slowing down: generics, narrowing and strict mode.', category: 'web-development', creator: 'daniel-okafor', type: 'video', difficulty: 'intermediate', tags: ['typescript', 'javascript', 'types'], price: 14.99, outcomes: ['Turn on strict mode safely', 'Write generic helpers', 'Narrow unions with confidence'] },
  { slug: 'web-performance-checklist', title: 'The Web Performance Checklist', description: 'A printable checklist of the thirty fixes that make most websites load in under two seconds.', category: 'web-development', creator: 'daniel-okafor', type: 'document', difficulty: 'advanced', tags: ['performance', 'core-web-vitals', 'checklist'], price: 0, outcomes: ['Measure Core Web Vitals', 'Cut JavaScript and image weight', 'Cache what never changes'] },
  { slug: 'scaling-postgres-webinar', title: 'Scaling PostgreSQL: Live Webinar', description: 'Indexes, query plans, connection pooling and read replicas, with live questions from the audience.', category: 'web-development', creator: 'daniel-okafor', type: 'webinar', difficulty: 'advanced', tags: ['postgresql', 'database', 'scaling', 'indexes'], price: 9.99, outcomes: ['Read an EXPLAIN plan', 'Choose the right index', 'Pool connections correctly'] },
  // Data Science
  { slug: 'python-for-data-analysis', title: 'Python for Data Analysis', description: 'Load, clean, reshape and visualise real datasets with pandas and matplotlib.', category: 'data-science', creator: 'priya-raman', type: 'course', difficulty: 'beginner', tags: ['python', 'pandas', 'matplotlib', 'data-cleaning'], price: 34.99, featured: true, outcomes: ['Clean messy CSV files', 'Group and aggregate with pandas', 'Plot findings clearly'] },
  { slug: 'statistics-without-tears', title: 'Statistics Without Tears', description: 'Distributions, confidence intervals and hypothesis tests explained with pictures instead of proofs.', category: 'data-science', creator: 'priya-raman', type: 'video', difficulty: 'beginner', tags: ['statistics', 'probability', 'hypothesis-testing'], price: 0, outcomes: ['Explain a p-value correctly', 'Build a confidence interval', 'Spot misleading charts'] },
  { slug: 'machine-learning-foundations', title: 'Machine Learning Foundations', description: 'Regression, classification, cross-validation and feature engineering with scikit-learn.', category: 'data-science', creator: 'priya-raman', type: 'course', difficulty: 'intermediate', tags: ['machine-learning', 'scikit-learn', 'python', 'regression'], price: 49.99, featured: true, outcomes: ['Train and validate models', 'Engineer useful features', 'Avoid data leakage'] },
  { slug: 'sql-for-analysts', title: 'SQL for Analysts', description: 'Joins, window functions and CTEs to answer business questions straight from the database.', category: 'data-science', creator: 'daniel-okafor', type: 'tutorial', difficulty: 'beginner', tags: ['sql', 'postgresql', 'analytics', 'window-functions'], price: 19.99, outcomes: ['Join tables without duplicates', 'Rank and total with window functions', 'Structure queries with CTEs'] },
  { slug: 'deep-learning-with-pytorch', title: 'Deep Learning with PyTorch', description: 'Build and train neural networks for images and text, from tensors to transfer learning.', category: 'data-science', creator: 'priya-raman', type: 'course', difficulty: 'advanced', tags: ['deep-learning', 'pytorch', 'neural-networks'], price: 59.99, outcomes: ['Write a training loop', 'Fine-tune a pretrained model', 'Debug exploding gradients'] },
  { slug: 'data-visualisation-principles', title: 'Data Visualisation Principles', description: 'Choose the right chart, use colour with intent and tell a story your audience remembers.', category: 'data-science', creator: 'lucas-moreau', type: 'document', difficulty: 'beginner', tags: ['visualisation', 'charts', 'storytelling'], price: 0, outcomes: ['Match charts to questions', 'Use colour sparingly', 'Annotate the insight'] },
  { slug: 'ab-testing-playbook', title: 'The A/B Testing Playbook', description: 'Sample sizes, stopping rules and the statistics behind trustworthy product experiments.', category: 'data-science', creator: 'priya-raman', type: 'document', difficulty: 'advanced', tags: ['experimentation', 'statistics', 'product'], price: 12.0, outcomes: ['Size an experiment', 'Avoid peeking bias', 'Report effects honestly'] },
  { slug: 'llms-in-practice-webinar', title: 'Large Language Models in Practice', description: 'A live session on prompting, retrieval and evaluating LLM features before they reach users.', category: 'data-science', creator: 'priya-raman', type: 'webinar', difficulty: 'intermediate', tags: ['llm', 'ai', 'evaluation', 'retrieval'], price: null, outcomes: ['Design prompts that generalise', 'Ground answers with retrieval', 'Evaluate quality systematically'] },
  // Design
  { slug: 'ui-design-fundamentals', title: 'UI Design Fundamentals', description: 'Spacing, hierarchy, colour and type: the rules behind interfaces that feel effortless.', category: 'design', creator: 'lucas-moreau', type: 'course', difficulty: 'beginner', tags: ['ui', 'layout', 'hierarchy', 'figma'], price: 29.99, featured: true, outcomes: ['Build a spacing system', 'Create clear visual hierarchy', 'Design accessible colour palettes'] },
  { slug: 'typography-that-works', title: 'Typography That Works', description: 'Pair typefaces, set comfortable line lengths and build a type scale for screens.', category: 'design', creator: 'lucas-moreau', type: 'video', difficulty: 'beginner', tags: ['typography', 'fonts', 'type-scale'], price: 0, outcomes: ['Pair two typefaces', 'Set a modular scale', 'Tune line height and measure'] },
  { slug: 'figma-components-and-variants', title: 'Figma Components and Variants', description: 'Build a reusable component library with variants, auto layout and design tokens.', category: 'design', creator: 'lucas-moreau', type: 'tutorial', difficulty: 'intermediate', tags: ['figma', 'components', 'design-systems'], price: 19.99, outcomes: ['Create variant sets', 'Use auto layout everywhere', 'Publish a shared library'] },
  { slug: 'design-systems-workshop', title: 'Design Systems Workshop', description: 'Plan, build and govern a design system that designers and engineers both adopt.', category: 'design', creator: 'maya-chen', type: 'course', difficulty: 'advanced', tags: ['design-systems', 'tokens', 'governance'], price: 44.99, outcomes: ['Define design tokens', 'Document components', 'Run contribution reviews'] },
  { slug: 'user-research-crash-course', title: 'User Research Crash Course', description: 'Plan interviews, ask unbiased questions and turn notes into decisions in one week.', category: 'design', creator: 'elena-petrova', type: 'course', difficulty: 'beginner', tags: ['ux', 'research', 'interviews'], price: 24.99, outcomes: ['Write an interview guide', 'Avoid leading questions', 'Synthesise with affinity maps'] },
  { slug: 'colour-theory-for-screens', title: 'Colour Theory for Screens', description: 'Contrast ratios, colour spaces and building palettes that survive dark mode.', category: 'design', creator: 'lucas-moreau', type: 'document', difficulty: 'intermediate', tags: ['colour', 'accessibility', 'dark-mode'], price: 0, outcomes: ['Check contrast ratios', 'Build tonal palettes', 'Adapt colours to dark mode'] },
  { slug: 'accessibility-audit-guide', title: 'Accessibility Audit Guide', description: 'A step-by-step guide to auditing an interface against WCAG 2.2 with free tools.', category: 'design', creator: 'elena-petrova', type: 'document', difficulty: 'advanced', tags: ['accessibility', 'wcag', 'audit'], price: 9.99, outcomes: ['Test with a screen reader', 'Check keyboard paths', 'Prioritise fixes by impact'] },
  { slug: 'design-critique-live', title: 'Design Critique Live', description: 'Watch real portfolio pieces reviewed live and learn to give and take useful feedback.', category: 'design', creator: 'lucas-moreau', type: 'webinar', difficulty: 'intermediate', tags: ['critique', 'feedback', 'portfolio'], price: 0, outcomes: ['Frame feedback around goals', 'Separate taste from usability', 'Present work with confidence'] },
  // Business
  { slug: 'startup-finance-101', title: 'Startup Finance 101', description: 'Read a P&L, model your runway and understand the term sheet before you sign it.', category: 'business', creator: 'sofia-alvarez', type: 'course', difficulty: 'beginner', tags: ['finance', 'startups', 'fundraising'], price: 29.99, featured: true, outcomes: ['Build a runway model', 'Read the three statements', 'Understand dilution'] },
  { slug: 'pricing-strategy', title: 'Pricing Strategy That Sells', description: 'Value-based pricing, packaging and experiments to find the price your customers will pay.', category: 'business', creator: 'sofia-alvarez', type: 'video', difficulty: 'intermediate', tags: ['pricing', 'saas', 'strategy'], price: 14.99, outcomes: ['Run a willingness-to-pay survey', 'Design good-better-best tiers', 'Test price changes safely'] },
  { slug: 'leading-remote-teams', title: 'Leading Remote Teams', description: 'Rituals, written communication and trust-building for managers of distributed teams.', category: 'business', creator: 'elena-petrova', type: 'course', difficulty: 'intermediate', tags: ['leadership', 'remote', 'management'], price: 34.99, outcomes: ['Design team rituals', 'Write decisions down', 'Run effective one-on-ones'] },
  { slug: 'okrs-that-actually-work', title: 'OKRs That Actually Work', description: 'Write measurable objectives, align teams and review progress without the bureaucracy.', category: 'business', creator: 'sofia-alvarez', type: 'tutorial', difficulty: 'beginner', tags: ['okr', 'goals', 'planning'], price: 0, outcomes: ['Write outcome-based key results', 'Align teams quarterly', 'Grade OKRs honestly'] },
  { slug: 'negotiation-workshop', title: 'The Negotiation Workshop', description: 'Practise anchoring, trade-offs and walking away through realistic role-play scenarios.', category: 'business', creator: 'elena-petrova', type: 'course', difficulty: 'advanced', tags: ['negotiation', 'communication', 'sales'], price: 39.99, outcomes: ['Prepare a BATNA', 'Anchor with confidence', 'Trade concessions wisely'] },
  { slug: 'writing-a-business-plan', title: 'Writing a Business Plan', description: 'A concise template and worked example for a plan that investors and banks will read.', category: 'business', creator: 'sofia-alvarez', type: 'document', difficulty: 'beginner', tags: ['business-plan', 'template', 'startups'], price: 0, outcomes: ['Summarise the opportunity', 'Size the market credibly', 'Present financial projections'] },
  { slug: 'content-marketing-playbook', title: 'Content Marketing Playbook', description: 'Plan, write and distribute content that brings in customers month after month.', category: 'business', creator: 'sofia-alvarez', type: 'document', difficulty: 'intermediate', tags: ['marketing', 'content', 'seo'], price: 0, outcomes: ['Build an editorial calendar', 'Write for search intent', 'Measure content ROI'] },
  { slug: 'fundraising-qa-webinar', title: 'Fundraising Q&A with Founders', description: 'Three founders share how they raised their seed rounds and answer your questions live.', category: 'business', creator: 'sofia-alvarez', type: 'webinar', difficulty: 'advanced', tags: ['fundraising', 'venture-capital', 'founders'], price: 9.99, outcomes: ['Build an investor pipeline', 'Tell a fundable story', 'Handle due diligence'] },
  // Photography
  { slug: 'photography-basics', title: 'Photography Basics: Exposure', description: 'Aperture, shutter speed and ISO finally make sense; leave auto mode for good.', category: 'photography', creator: 'kenji-watanabe', type: 'course', difficulty: 'beginner', tags: ['exposure', 'camera', 'manual-mode'], price: 0, featured: true, outcomes: ['Balance the exposure triangle', 'Shoot in manual mode', 'Read a histogram'] },
  { slug: 'composition-masterclass', title: 'Composition Masterclass', description: 'Leading lines, framing, negative space and when to break the rule of thirds.', category: 'photography', creator: 'kenji-watanabe', type: 'video', difficulty: 'intermediate', tags: ['composition', 'framing', 'storytelling'], price: 14.99, outcomes: ['Guide the eye with lines', 'Use negative space', 'Frame subjects naturally'] },
  { slug: 'portrait-lighting', title: 'Portrait Lighting on a Budget', description: 'One speedlight, a reflector and a window: flattering portraits without a studio.', category: 'photography', creator: 'kenji-watanabe', type: 'tutorial', difficulty: 'intermediate', tags: ['portrait', 'lighting', 'flash'], price: 19.99, outcomes: ['Shape light with one flash', 'Use window light', 'Control shadows with a reflector'] },
  { slug: 'lightroom-editing-workflow', title: 'Lightroom Editing Workflow', description: 'Import, cull, grade and export a full shoot in under an hour with a repeatable workflow.', category: 'photography', creator: 'kenji-watanabe', type: 'course', difficulty: 'intermediate', tags: ['lightroom', 'editing', 'colour-grading'], price: 24.99, outcomes: ['Cull quickly with flags', 'Build reusable presets', 'Export for web and print'] },
  { slug: 'street-photography-field-guide', title: 'Street Photography Field Guide', description: 'Etiquette, zone focusing and finding moments in busy city streets.', category: 'photography', creator: 'kenji-watanabe', type: 'document', difficulty: 'beginner', tags: ['street', 'documentary', 'zone-focusing'], price: 0, outcomes: ['Zone focus for speed', 'Approach strangers respectfully', 'Anticipate decisive moments'] },
  { slug: 'night-and-astro-photography', title: 'Night and Astro Photography', description: 'Long exposures, star trails and the Milky Way, from planning to stacking.', category: 'photography', creator: 'kenji-watanabe', type: 'course', difficulty: 'advanced', tags: ['astrophotography', 'long-exposure', 'night'], price: 39.99, outcomes: ['Plan with moon and weather apps', 'Focus at infinity', 'Stack images to cut noise'] },
  { slug: 'camera-buying-guide', title: 'Camera and Lens Buying Guide', description: 'What actually matters when choosing a body and lenses, by budget and subject.', category: 'photography', creator: 'kenji-watanabe', type: 'document', difficulty: 'beginner', tags: ['gear', 'lenses', 'buying-guide'], price: 0, outcomes: ['Match sensors to subjects', 'Choose a first prime lens', 'Avoid gear traps'] },
  { slug: 'portfolio-review-webinar', title: 'Photography Portfolio Review', description: 'A live review of community portfolios: sequencing, editing down and telling a story.', category: 'photography', creator: 'lucas-moreau', type: 'webinar', difficulty: 'advanced', tags: ['portfolio', 'critique', 'editing'], price: 9.99, outcomes: ['Sequence a portfolio', 'Edit ruthlessly', 'Write a short artist statement'] },
  // Music Production
  { slug: 'music-production-for-beginners', title: 'Music Production for Beginners', description: 'From an empty project to a finished track: beats, chords, bass and arrangement.', category: 'music-production', creator: 'amara-nwosu', type: 'course', difficulty: 'beginner', tags: ['daw', 'beats', 'arrangement'], price: 29.99, featured: true, outcomes: ['Program drums', 'Write chord progressions', 'Arrange a full song'] },
  { slug: 'mixing-essentials', title: 'Mixing Essentials', description: 'EQ, compression, reverb and panning: make every instrument sit in its own space.', category: 'music-production', creator: 'amara-nwosu', type: 'video', difficulty: 'intermediate', tags: ['mixing', 'eq', 'compression'], price: 19.99, outcomes: ['Carve space with EQ', 'Control dynamics', 'Create depth with reverb'] },
  { slug: 'sound-design-with-synths', title: 'Sound Design with Synths', description: 'Oscillators, filters and envelopes; design basses, pads and leads from scratch.', category: 'music-production', creator: 'amara-nwosu', type: 'tutorial', difficulty: 'intermediate', tags: ['synthesis', 'sound-design', 'synths'], price: 14.99, outcomes: ['Understand subtractive synthesis', 'Shape sounds with envelopes', 'Modulate with LFOs'] },
  { slug: 'mastering-workshop', title: 'Mastering Workshop', description: 'Loudness targets, limiting and reference tracks for releases that translate everywhere.', category: 'music-production', creator: 'amara-nwosu', type: 'course', difficulty: 'advanced', tags: ['mastering', 'loudness', 'limiting'], price: 34.99, outcomes: ['Hit streaming loudness targets', 'Use reference tracks', 'Limit without pumping'] },
  { slug: 'music-theory-crash-course', title: 'Music Theory Crash Course', description: 'Scales, intervals, chords and progressions for producers who never took a lesson.', category: 'music-production', creator: 'amara-nwosu', type: 'course', difficulty: 'beginner', tags: ['theory', 'chords', 'scales'], price: 0, outcomes: ['Build major and minor scales', 'Voice chords smoothly', 'Write memorable progressions'] },
  { slug: 'home-studio-setup', title: 'Home Studio Setup Guide', description: 'Room treatment, monitors and microphones: a great-sounding home studio on any budget.', category: 'music-production', creator: 'amara-nwosu', type: 'document', difficulty: 'beginner', tags: ['studio', 'acoustics', 'gear'], price: 0, outcomes: ['Treat first reflections', 'Place monitors correctly', 'Pick a first microphone'] },
  { slug: 'podcast-audio-cheat-sheet', title: 'Podcast Audio Cheat Sheet', description: 'Recording levels, noise reduction and loudness settings for clear spoken audio.', category: 'music-production', creator: 'amara-nwosu', type: 'document', difficulty: 'intermediate', tags: ['podcast', 'voice', 'noise-reduction'], price: 4.99, outcomes: ['Set recording levels', 'Remove noise gently', 'Export at broadcast loudness'] },
  { slug: 'releasing-your-music-webinar', title: 'Releasing Your Music: Live Q&A', description: 'Distribution, metadata, playlists and promotion, answered live by an indie label manager.', category: 'music-production', creator: 'elena-petrova', type: 'webinar', difficulty: 'advanced', tags: ['release', 'distribution', 'promotion'], price: 0, outcomes: ['Prepare release metadata', 'Pitch to playlists', 'Plan a release campaign'] },
];

