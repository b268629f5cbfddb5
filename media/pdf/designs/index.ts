// Every demo resource's design, by the file it makes: six written for their lessons, and a worksheet for each
// outlined course.
import { DEMO_COURSE_OUTLINES } from '../../../packages/demo/src/course-outlines';
import type { ResourceDesign } from '../kit/sheet';
import { worksheetDesign } from './course-worksheet';
import { cssGridCheatSheet } from './css-grid-cheat-sheet';
import { cssGridExerciseBrief } from './css-grid-exercise-brief';
import { mlMetricsReference } from './ml-metrics-reference';
import { mlWorkflowPoster } from './ml-workflow-poster';
import { uiFiveSecondChecklist } from './ui-five-second-checklist';
import { uiProjectBrief } from './ui-project-brief';

export const DESIGNS: ReadonlyMap<string, ResourceDesign> = new Map(
  [
    cssGridCheatSheet,
    cssGridExerciseBrief,
    mlWorkflowPoster,
    mlMetricsReference,
    uiFiveSecondChecklist,
    uiProjectBrief,
    ...DEMO_COURSE_OUTLINES.map(worksheetDesign),
  ].map((design) => [design.file, design]),
);
