// The worksheet of every outlined course's exercise.
import { outlineWorksheetFile, type DemoCourseOutline } from '../../../packages/demo/src/course-outlines';
import type { ResourceDesign } from '../kit/sheet';

/**
 * An outlined course's worksheet (packages/demo/src/course-outlines.ts): the exercise's brief and its steps as a
 * checklist with room for notes, then the course's lessons to look back at and a reflection to write.
 */
export function worksheetDesign(outline: DemoCourseOutline): ResourceDesign {
  const { exercise } = outline;
  return {
    file: outlineWorksheetFile(outline.slug),
    kind: 'Worksheet',
    title: exercise.worksheet,
    draw(col) {
      col.intro(`${exercise.intro} Work through the steps in order and write down what you did and found.`);
      col.heading(exercise.title.replace(/^Exercise: /, 'The exercise: '));
      col.checklist(
        exercise.steps.map((step) => ({ text: step })),
        { writeLines: 3 },
      );
      col.heading('Look back at');
      col.list(
        [
          `**${outline.sections[0]}**: ${outline.videos[0]}; ${outline.videos[1]}; ${outline.reading.title}.`,
          `**${outline.sections[1]}**: ${outline.videos[2]}.`,
        ],
        { size: 9.5 },
      );
      col.callout(
        'When you are done',
        'Write one sentence on what you would do differently next time, and share your result in the lesson’s questions and answers.',
        { tone: 'accent' },
      );
    },
  };
}
