import { sameText, type Category } from '@wholesale/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCategoryTree } from '../api/get-category-tree';
import { ProductsView } from './products-view';

/** Finds a top-level category by its English key, its label or its cat_code. */
export function findTopCategory(tree: Category[] | undefined, title: string): Category | undefined {
  return tree?.find(
    (c) => sameText(c.name, title) || sameText(c.category, title) || sameText(c.cat_code, title),
  );
}

/** /category-page/:title — a category's sub categories as links, then its products. */
export function CategoryView({ title }: { title: string }) {
  const { t } = useTranslation('catalogue');
  const tree = useCategoryTree();
  const top = findTopCategory(tree.data, title);
  return (
    <>
      {top && top.sub_cate.length > 0 && (
        <nav className="page category-subs" aria-label={t('category.subcategories')}>
          <ul className="category-subs__list">
            {top.sub_cate.map((sub) => (
              <li key={sub.cat_code}>
                <Link
                  className="category-subs__link"
                  to={paths.products({
                    name: top.name,
                    category: sub.sub_cate,
                    catCode: sub.cat_code,
                  })}
                >
                  {sub.sub_cate}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ProductsView
        route={{ name: top?.name ?? title, cate: top?.category ?? title, cate_code: top?.cat_code }}
      />
    </>
  );
}
