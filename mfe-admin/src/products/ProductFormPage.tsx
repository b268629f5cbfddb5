import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import {
  DIFFICULTIES,
  PRODUCT_TYPES,
  PRODUCT_TYPE_LABELS,
  minutesOf,
  type MediaAsset,
} from '@catalyst/contracts';
import { Spinner, TextField } from '@catalyst/web-kit';
import { CurriculumNotice } from '../curriculum/CurriculumNotice';
import { LiveSessionEditor, LiveSessionNotice } from '../live/LiveSessionEditor';
import { EntityFormLayout } from '../common/EntityFormLayout';
import formStyles from '../common/Form.module.css';
import { CheckboxField, SelectField } from '../common/FormControls';
import { RichTextField } from '../common/RichTextField';
import { TitleFields } from '../common/TitleFields';
import { useEntityForm } from '../common/useEntityForm';
import { validateProduct } from '../forms/validation';
import { VideoUploadField } from '../media/VideoUploadField';
import { useProductEndpoints, type FormChoice } from './productEndpoints';
import { emptyProduct, productPayload, type ProductFormValues } from './productForm';

/** The widest WebP copy of an asset's poster (its srcset is derived from it), if it has copies. */
const largestWebp = (images: MediaAsset['images']) =>
  images.filter((image) => image.format === 'webp').sort((a, b) => b.width - a.width)[0]?.url;
/** The editor (and its drag and drop) downloads only when a course's form opens. */
const CurriculumEditor = lazy(() => import('../curriculum/CurriculumEditor'));
/** Types of product that may have sections and lessons. */
const CURRICULUM_TYPES: ReadonlySet<ProductFormValues['type']> = new Set(['course', 'webinar']);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * /admin/products/new and /admin/products/:id/edit, and a creator's own in the studio: the one shared product
 * form, reading and saving through the endpoints its pages give it (see productEndpoints).
 */
export function ProductFormPage({ footer }: { footer?: ReactNode }) {
  const { id } = useParams();
  const endpoints = useProductEndpoints();
  const [categories, setCategories] = useState<FormChoice[]>([]);
  const [creators, setCreators] = useState<FormChoice[]>([]);
  /** The creator every product here belongs to, when it is not the editor's choice. */
  const [fixedCreator, setFixedCreator] = useState<string | null>(null);
  const form = useEntityForm({
    listPath: endpoints.listPath,
    titles: { create: 'Add Product', edit: 'Edit Product' },
    initialValues: emptyProduct,
    // The category and creator choices load first, on create too.
    prepare: async (isCurrent) => {
      const [categoryList, creatorList] = await Promise.all([endpoints.categories(), endpoints.creators()]);
      if (!isCurrent()) return;
      setCategories(categoryList);
      if ('fixed' in creatorList) setFixedCreator(creatorList.fixed);
      else setCreators(creatorList.choices);
    },
    prepareFailure: (error) => ({ message: `Failed to load data: ${errorText(error)}` }),
    loadValues: endpoints.getProduct,
    loadFailure: (error) => ({ message: `Error loading product: ${errorText(error)}` }),
    toPayload: (values) =>
      productPayload(fixedCreator === null ? values : { ...values, creator: fixedCreator }),
    validate: validateProduct,
    save: endpoints.saveProduct,
    savedMessage: (isEdit, result) =>
      result.message ?? (isEdit ? 'Product updated successfully!' : 'Product created successfully!'),
    // The spec shows the server's own message on a failed save.
    saveFailure: errorText,
  });
  const { values, errors, update, isEdit } = form;
  const onMediaAsset = useCallback((assetId: string) => update('mediaAssetId', assetId), [update]);
  // An uploaded video fills what the admin left empty: its poster as the thumbnail, its length as the duration.
  const { thumbnail, duration } = values;
  const onUploadedAsset = useCallback(
    (asset: MediaAsset) => {
      if (asset.status !== 'ready') return;
      const poster = largestWebp(asset.images);
      if (!thumbnail.trim() && poster) update('thumbnail', poster);
      if (!duration.trim() && asset.durationSeconds)
        update('duration', String(minutesOf(asset.durationSeconds)));
    },
    [thumbnail, duration, update],
  );

  // The one list of content types (packages/contracts): every stored product has one of these.
  const typeOptions = PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] }));
  const inactiveSuffix = (active: boolean) => (active ? '' : ' (inactive)');

  return (
    <EntityFormLayout
      form={form}
      listPath={endpoints.listPath}
      backLabel={endpoints.backLabel}
      loadingMessage="Loading product..."
      submitLabels={{ create: 'Create Product', edit: 'Update Product' }}
      after={
        <>
          {!CURRICULUM_TYPES.has(values.type) ? null : isEdit && id ? (
            <Suspense fallback={<Spinner message="Loading curriculum..." />}>
              <CurriculumEditor productId={id} />
            </Suspense>
          ) : (
            <CurriculumNotice />
          )}
          {values.type !== 'webinar' || !endpoints.catalogueSettings ? null : isEdit && id ? (
            <LiveSessionEditor productId={id} />
          ) : (
            <LiveSessionNotice />
          )}
          {footer}
        </>
      }
    >
      <TitleFields values={values} errors={errors} update={update} />
      <RichTextField
        label="Content"
        value={values.content}
        error={errors.content}
        hint="Formatting, lists, links and images are kept; scripts and event handlers are removed on save."
        onChange={(html) => update('content', html)}
      />
      <div className={formStyles.row}>
        <SelectField
          label="Category"
          name="category"
          value={values.category}
          error={errors.category}
          placeholder="Select a category"
          options={categories.map((c) => ({ value: c.id, label: `${c.name}${inactiveSuffix(c.isActive)}` }))}
          onChange={(e) => update('category', e.target.value)}
          required
        />
        {fixedCreator === null ? (
          <SelectField
            label="Creator"
            name="creator"
            value={values.creator}
            error={errors.creator}
            placeholder="Select a creator"
            options={creators.map((c) => ({ value: c.id, label: `${c.name}${inactiveSuffix(c.isActive)}` }))}
            onChange={(e) => update('creator', e.target.value)}
            required
          />
        ) : null}
      </div>
      <div className={formStyles.row}>
        <SelectField
          label="Type"
          name="type"
          value={values.type}
          error={errors.type}
          options={typeOptions}
          onChange={(e) => update('type', e.target.value as ProductFormValues['type'])}
        />
        <SelectField
          label="Difficulty"
          name="difficulty"
          value={values.difficulty}
          error={errors.difficulty}
          options={DIFFICULTIES.map((d) => ({ value: d, label: capitalise(d) }))}
          onChange={(e) => update('difficulty', e.target.value as ProductFormValues['difficulty'])}
        />
        <TextField
          label="Duration (minutes)"
          name="duration"
          type="number"
          min={1}
          value={values.duration}
          error={errors.duration}
          onChange={(e) => update('duration', e.target.value)}
        />
      </div>
      <div className={formStyles.row}>
        <TextField
          label="Thumbnail URL"
          name="thumbnail"
          type="url"
          value={values.thumbnail}
          error={errors.thumbnail}
          onChange={(e) => update('thumbnail', e.target.value)}
        />
        <TextField
          label="Video URL"
          name="videoUrl"
          type="url"
          value={values.videoUrl}
          error={errors.videoUrl}
          onChange={(e) => update('videoUrl', e.target.value)}
        />
      </div>
      <VideoUploadField assetId={values.mediaAssetId} onChange={onMediaAsset} onAsset={onUploadedAsset} />
      <TextField
        label="Tags"
        name="tags"
        value={values.tags}
        error={errors.tags}
        hint="Separate tags with commas."
        onChange={(e) => update('tags', e.target.value)}
      />
      <div className={formStyles.row}>
        <TextField
          label="Price (USD)"
          name="price"
          type="number"
          min={0}
          step="0.01"
          value={values.price}
          error={errors.price}
          hint="0 is shown as Free."
          onChange={(e) => update('price', e.target.value)}
        />
        <TextField
          label="Instructor"
          name="instructor"
          value={values.instructor}
          error={errors.instructor}
          onChange={(e) => update('instructor', e.target.value)}
        />
        {endpoints.catalogueSettings ? (
          <TextField
            label="Sort order"
            name="sortOrder"
            type="number"
            min={0}
            step={1}
            value={values.sortOrder}
            error={errors.sortOrder}
            onChange={(e) => update('sortOrder', e.target.value)}
          />
        ) : null}
      </div>
      <TextField
        label="Slug"
        hint={
          isEdit ? 'Changing it changes the product’s address.' : 'Leave blank to generate it from the title.'
        }
        {...form.slugInput}
      />
      {endpoints.catalogueSettings ? (
        <div className={formStyles.checks}>
          <CheckboxField
            label="Active"
            checked={values.isActive}
            onChange={(checked) => update('isActive', checked)}
          />
          <CheckboxField
            label="Published"
            checked={values.isPublished}
            onChange={(checked) => update('isPublished', checked)}
          />
          <CheckboxField
            label="Featured"
            checked={values.isFeatured}
            onChange={(checked) => update('isFeatured', checked)}
          />
        </div>
      ) : null}
    </EntityFormLayout>
  );
}
