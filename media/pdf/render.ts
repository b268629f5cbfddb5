// Renders one demo resource: the PDF document, its metadata and fonts, and the design's pages.
import { PDFDocument } from 'pdf-lib';
import { DEMO_COURSES } from '../../packages/demo/src/courses';
import { demoProducts } from '../../services/content/src/demo/catalog';
import { DESIGNS } from './designs';
import { Sheet } from './kit/sheet';
import { embedFonts } from './kit/text';

/** Every file carries this date (creation and modification): the output depends on nothing but its design. */
const FIXED_DATE = new Date('2026-01-05T09:00:00Z');

interface ResourcePlace {
  course: string;
  lesson: string;
  title: string;
}

/** Where each file is offered: its course's title, its lesson's title and the resource's title. */
export function placesOfFiles(): Map<string, ResourcePlace> {
  const places = new Map<string, ResourcePlace>();
  for (const course of DEMO_COURSES) {
    const product = demoProducts.find((p) => p.slug === course.slug);
    if (!product) throw new Error(`demo course ${course.slug} is not a demo product`);
    for (const lesson of course.sections.flatMap((section) => section.lessons)) {
      for (const resource of lesson.resources ?? [])
        places.set(resource.file, { course: product.title, lesson: lesson.title, title: resource.title });
    }
  }
  return places;
}

export async function renderResource(file: string, place: ResourcePlace): Promise<Uint8Array> {
  const design = DESIGNS.get(file);
  if (!design) throw new Error(`${file} has no design in media/pdf/designs: add one`);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc);
  doc.setTitle(`${design.title} (${place.course})`);
  doc.setAuthor('Catalyst');
  doc.setSubject(`${place.title}: a resource of the lesson “${place.lesson}” in ${place.course}`);
  doc.setKeywords(['Catalyst', place.course, design.kind]);
  doc.setCreator('Catalyst');
  doc.setProducer('Catalyst media/generate-resources.ts (pdf-lib)');
  doc.setLanguage('en-GB');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const sheet = new Sheet(doc, fonts, {
    kind: design.kind,
    title: design.title,
    course: place.course,
    lesson: place.lesson,
  });
  design.draw(sheet.page(), sheet);
  sheet.finish();
  if (sheet.pageCount > 2) throw new Error(`${file} has ${sheet.pageCount} pages: a resource is one or two`);
  return doc.save({ useObjectStreams: false });
}
