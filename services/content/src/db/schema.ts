// The content schema: one line per table, each table's types in ./tables.
import type { CategoryTable } from './tables/category';
import type { CreatorTable } from './tables/creator';
import type {
  CreatorAccountTable,
  CreatorInvitationTable,
  ProductRevisionTable,
} from './tables/creator-studio';
import type { CourseLessonTable } from './tables/course-lesson';
import type { CourseSectionTable } from './tables/course-section';
import type { LearningPathItemTable, LearningPathTable } from './tables/learning-path';
import type { LessonResourceTable } from './tables/lesson-resource';
import type { ProductTable } from './tables/product';
import type {
  ReviewModerationLogTable,
  ReviewReportTable,
  ReviewTable,
  ReviewVoteTable,
} from './tables/review';
import type { SavedProductTable } from './tables/saved-product';
import type { CreatorProfileTable, ProductAnnouncementTable } from './tables/creator-page';

export interface Database {
  categories: CategoryTable;
  creators: CreatorTable;
  products: ProductTable;
  course_sections: CourseSectionTable;
  course_lessons: CourseLessonTable;
  lesson_resources: LessonResourceTable;
  reviews: ReviewTable;
  review_votes: ReviewVoteTable;
  review_reports: ReviewReportTable;
  review_moderation_log: ReviewModerationLogTable;
  saved_products: SavedProductTable;
  learning_paths: LearningPathTable;
  learning_path_items: LearningPathItemTable;
  creator_accounts: CreatorAccountTable;
  creator_invitations: CreatorInvitationTable;
  product_revisions: ProductRevisionTable;
  creator_profiles: CreatorProfileTable;
  product_announcements: ProductAnnouncementTable;
}
