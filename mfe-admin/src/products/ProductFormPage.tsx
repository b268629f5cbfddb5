import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { DIFFICULTIES, PRODUCT_TYPES, minutesOf, type MediaAsset } from '@catalyst/contracts';
import { Spinner, TextField, useStrings } from '@catalyst/web-kit';
import { CurriculumNotice } from '../curriculum/CurriculumNotice';
import { LiveSessionEditor, LiveSessionNotice } from '../live/LiveSessionEditor';
import { EntityFormLayout } from '../common/EntityFormLayout';
import formStyles from '../common/Form.module.css';
import { CheckboxField, SelectField } from '../common/FormControls';
import { RichTextField } from '../common/RichTextField';
import { TitleFields } from '../common/TitleFields';
import { useEntityForm } from '../common/useEntityForm';
import { formMessageStrings, validateProduct } from '../forms/validation';
import { adminStrings } from '../i18n/en';
import { LEVEL_LABEL_KEYS, PRODUCT_TYPE_LABEL_KEYS } from '../i18n/terms';
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

/**
 * /admin/products/new and /admin/products/:id/edit, and a creator's own in the studio: the one shared product
 * form, reading and saving through the endpoints its pages give it (see productEndpoints).
 */
export function ProductFormPage({ footer }: { footer?: ReactNode }) {
  const t = useStrings(adminStrings);
  useStrings(formMessageStrings); // the field messages, in the page's language
  const { id } = useParams();
  const endpoints = useProductEndpoints();
  const [categories, setCategories] = useState<FormChoice[]>([]);
  const [creators, setCreators] = useState<FormChoice[]>([]);
  /** The creator every product here belongs to, when it is not the editor's choice. */
  const [fixedCreator, setFixedCreator] = useState<string | null>(null);
  const form = useEntityForm({
    listPath: endpoints.listPath,
    titles: { create: t('products.add'), edit: t('products.edit') },
    initialValues: emptyProduct,
    // The category and creator choices load first, on create too.
    prepare: async (isCurrent) => {
      const [categoryList, creatorList] = await Promise.all([endpoints.categories(), endpoints.creators()]);
      if (!isCurrent()) return;
      setCategories(categoryList);
      if ('fixed' in creatorList) setFixedCreator(creatorList.fixed);
      else setCreators(creatorList.choices);
    },
    prepareFailure: (error) => ({ message: t('products.prepareFailed', { reason: errorText(error) }) }),
    loadValues: endpoints.getProduct,
    loadFailure: (error) => ({ message: t('products.loadError', { reason: errorText(error) }) }),
    toPayload: (values) =>
      productPayload(fixedCreator === null ? values : { ...values, creator: fixedCreator }),
    validate: validateProduct,
    save: endpoints.saveProduct,
    savedMessage: (isEdit, result) => result.message ?? t(isEdit ? 'products.updated' : 'products.created'),
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
  const typeOptions = PRODUCT_TYPES.map((type) => ({ value: type, label: t(PRODUCT_TYPE_LABEL_KEYS[type]) }));
  const choiceLabel = (choice: FormChoice) =>
    choice.isActive ? choice.name : t('products.inactiveChoice', { name: choice.name });

  return (
    <EntityFormLayout
      form={form}
      listPath={endpoints.listPath}
      backLabel={endpoints.backLabel}
      loadingMessage={t('products.loadingOne')}
      submitLabels={{ create: t('products.create'), edit: t('products.update') }}
      after={
        <>
          {!CURRICULUM_TYPES.has(values.type) ? null : isEdit && id ? (
            <Suspense fallback={<Spinner message={t('products.loadingCurriculum')} />}>
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
        label={t('products.content')}
        value={values.content}
        error={errors.content}
        hint={t('products.contentHint')}
        onChange={(html) => update('content', html)}
      />
      <div className={formStyles.row}>
        <SelectField
          label={t('products.category')}
          name="category"
          value={values.category}
          error={errors.category}
          placeholder={t('products.selectCategory')}
          options={categories.map((c) => ({ value: c.id, label: choiceLabel(c) }))}
          onChange={(e) => update('category', e.target.value)}
          required
        />
        {fixedCreator === null ? (
          <SelectField
            label={t('products.creator')}
            name="creator"
            value={values.creator}
            error={errors.creator}
            placeholder={t('products.selectCreator')}
            options={creators.map((c) => ({ value: c.id, label: choiceLabel(c) }))}
            onChange={(e) => update('creator', e.target.value)}
            required
          />
        ) : null}
      </div>
      <div className={formStyles.row}>
        <SelectField
          label={t('products.type')}
          name="type"
          value={values.type}
          error={errors.type}
          options={typeOptions}
          onChange={(e) => update('type', e.target.value as ProductFormValues['type'])}
        />
        <SelectField
          label={t('products.difficulty')}
          name="difficulty"
          value={values.difficulty}
          error={errors.difficulty}
          options={DIFFICULTIES.map((d) => ({ value: d, label: t(LEVEL_LABEL_KEYS[d]) }))}
          onChange={(e) => update('difficulty', e.target.value as ProductFormValues['difficulty'])}
        />
        <TextField
          label={t('products.durationMinutes')}
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
          label={t('products.thumbnail')}
          name="thumbnail"
          type="url"
          value={values.thumbnail}
          error={errors.thumbnail}
          onChange={(e) => update('thumbnail', e.target.value)}
        />
        <TextField
          label={t('products.videoUrl')}
          name="videoUrl"
          type="url"
          value={values.videoUrl}
          error={errors.videoUrl}
          onChange={(e) => update('videoUrl', e.target.value)}
        />
      </div>
      <VideoUploadField assetId={values.mediaAssetId} onChange={onMediaAsset} onAsset={onUploadedAsset} />
      <TextField
        label={t('products.tags')}
        name="tags"
        value={values.tags}
        error={errors.tags}
        hint={t('products.tagsHint')}
        onChange={(e) => update('tags', e.target.value)}
      />
      <div className={formStyles.row}>
        <TextField
          label={t('products.priceUsd')}
          name="price"
          type="number"
          min={0}
          step="0.01"
          value={values.price}
          error={errors.price}
          hint={t('products.priceHint')}
          onChange={(e) => update('price', e.target.value)}
        />
        <TextField
          label={t('products.instructor')}
          name="instructor"
          value={values.instructor}
          error={errors.instructor}
          onChange={(e) => update('instructor', e.target.value)}
        />
        {endpoints.catalogueSettings ? (
          <TextField
            label={t('common.sortOrder')}
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
        label={t('common.slug')}
        hint={t(isEdit ? 'products.slugEditHint' : 'products.slugNewHint')}
        {...form.slugInput}
      />
      {endpoints.catalogueSettings ? (
        <div className={formStyles.checks}>
          <CheckboxField
            label={t('common.active')}
            checked={values.isActive}
            onChange={(checked) => update('isActive', checked)}
          />
          <CheckboxField
            label={t('products.published')}
            checked={values.isPublished}
            onChange={(checked) => update('isPublished', checked)}
          />
          <CheckboxField
            label={t('products.featured')}
            checked={values.isFeatured}
            onChange={(checked) => update('isFeatured', checked)}
          />
        </div>
      ) : null}
    </EntityFormLayout>
  );
}
