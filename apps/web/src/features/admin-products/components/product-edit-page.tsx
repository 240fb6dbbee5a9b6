import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  AdminProductFields,
  PRODUCT_FIELDS,
  type AdminProduct,
  type ProductField,
} from '@wholesale/contract';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useProduct } from '../api/get-product';
import { useUpdateProduct } from '../api/update-product';
import { fieldRefusal, productFieldOf } from './field-refusal';
import { ProductImages } from './product-images';
import './admin-products.css';
import { SubmitButton } from '@/components/ui/buttons';

/** The form's sections: which fields each groups, in the order staff read them. */
const SECTIONS: { key: 'product' | 'texts' | 'ca' | 'us'; fields: ProductField[] }[] = [
  {
    key: 'product',
    fields: ['active', 'category', 'subcategory', 'class', 'ship_pack', 'brand', 'barcode'],
  },
  {
    key: 'texts',
    fields: ['name_en', 'name_fr', 'name_es', 'description_en', 'description_fr', 'description_es'],
  },
  { key: 'ca', fields: ['price_ca', 'sale_price_ca', 'retail_ca', 'stock_ca'] },
  { key: 'us', fields: ['price_us', 'sale_price_us', 'retail_us', 'stock_us'] },
];

function Field({
  id,
  field,
  error,
  register,
}: {
  id: string;
  field: ProductField;
  error?: string;
  register: UseFormRegister<AdminProductFields>;
}) {
  const { t } = useTranslation('admin-products');
  const controlId = `${id}-${field}`;
  const aria = error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${controlId}-error` }
    : { 'aria-invalid': false as const };
  const wide = field.startsWith('description_') || field.startsWith('name_');
  return (
    <div className={`admin-products__field${wide ? ' admin-products__field--wide' : ''}`}>
      <label htmlFor={controlId}>{t(`edit.fields.${field}`)}</label>
      {field === 'active' ? (
        <select id={controlId} {...aria} {...register(field)}>
          <option value="yes">{t('edit.yes')}</option>
          <option value="no">{t('edit.no')}</option>
        </select>
      ) : field.startsWith('description_') ? (
        <textarea id={controlId} rows={4} {...aria} {...register(field)} />
      ) : (
        <input
          id={controlId}
          inputMode={/^(price|sale|retail|stock|ship)/.test(field) ? 'decimal' : undefined}
          {...aria}
          {...register(field)}
        />
      )}
      {error ? (
        <p id={`${controlId}-error`} role="alert" className="admin-products__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ProductForm({ product, onReload }: { product: AdminProduct; onReload: () => void }) {
  const { t } = useTranslation('admin-products');
  const id = useId();
  const update = useUpdateProduct();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, dirtyFields },
  } = useForm<AdminProductFields>({
    resolver: zodResolver(AdminProductFields),
    values: product.fields,
    resetOptions: { keepDirtyValues: false },
  });

  const onSubmit = handleSubmit((values) => {
    const changed = PRODUCT_FIELDS.filter((f) => dirtyFields[f]);
    if (changed.length === 0) {
      toast.info(t('edit.nothingChanged'));
      return;
    }
    const fields = Object.fromEntries(changed.map((f) => [f, values[f]]));
    update.mutate(
      { sku: product.sku, body: { version: product.version, fields } },
      {
        onSuccess: (saved) => {
          reset(saved.fields);
          toast.success(t('edit.saved'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'CONFLICT') {
            toast.error(t('edit.conflict'));
            return;
          }
          // The server's English detail is not shown: each refused field gets its own rule, translated.
          const refused = error instanceof ApiError && error.fields ? error.fields : {};
          const named = Object.keys(refused)
            .map(productFieldOf)
            .filter((f) => f !== null);
          for (const field of named) setError(field, { type: 'server' });
          if (named.length === 0) toast.error(t('edit.failed'));
        },
      },
    );
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="admin-products__form">
      {update.error instanceof ApiError && update.error.code === 'CONFLICT' ? (
        <div role="alert">
          <p>{t('edit.conflict')}</p>
          <button
            type="button"
            onClick={() => {
              update.reset();
              onReload();
            }}
          >
            {t('edit.reload')}
          </button>
        </div>
      ) : null}
      {SECTIONS.map((section) => (
        <fieldset key={section.key}>
          <legend>{t(`edit.sections.${section.key}`)}</legend>
          {section.fields.map((field) => (
            <Field
              key={field}
              id={id}
              field={field}
              register={register}
              error={errors[field] ? fieldRefusal(t, field, getValues(field)) : undefined}
            />
          ))}
        </fieldset>
      ))}
      <ProductImages sku={product.sku} images={product.images} />
      <div className="admin-products__actions">
        <SubmitButton pending={update.isPending} busy={t('edit.saving')}>
          {t('edit.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** /admin/products/:sku: one product's fields in three languages and two countries, and its pictures. */
export function ProductEditPage() {
  const { t } = useTranslation('admin-products');
  const { sku = '' } = useParams();
  const product = useProduct(sku);
  const notFound = product.error instanceof ApiError && product.error.status === 404;
  return (
    <section className="admin-products" aria-labelledby="product-edit-title">
      <p>
        <Link to={paths.adminProducts()}>{t('edit.back')}</Link>
      </p>
      <h1 id="product-edit-title">{t('edit.title', { sku })}</h1>
      {product.isPending ? (
        <p aria-busy="true">{t('edit.loading')}</p>
      ) : product.isError ? (
        <div role="alert">
          <p>{notFound ? t('edit.notFound', { sku }) : t('edit.loadFailed')}</p>
          {notFound ? null : (
            <button type="button" onClick={() => void product.refetch()}>
              {t('edit.reload')}
            </button>
          )}
        </div>
      ) : (
        <ProductForm product={product.data} onReload={() => void product.refetch()} />
      )}
    </section>
  );
}
