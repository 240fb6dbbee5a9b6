import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBrands, AdminCategories, AdminProductClasses } from '@wholesale/contract';
import { api } from '@/lib/api-client';
import { catalogueImportKeys } from './keys';

/** The catalogue structure's three lists (staff), under one key so a change reloads them all. */
export const structureKeys = {
  all: catalogueImportKeys.key('structure'),
  categories: catalogueImportKeys.key('structure', 'categories'),
  classes: catalogueImportKeys.key('structure', 'classes'),
  brands: catalogueImportKeys.key('structure', 'brands'),
};

/** GET /api/admin/catalogue/categories: every category in menu order. */
export const getCategories = () => api.get<AdminCategories>('/admin/catalogue/categories');
/** GET /api/admin/catalogue/classes */
export const getClasses = () => api.get<AdminProductClasses>('/admin/catalogue/classes');
/** GET /api/admin/catalogue/brands */
export const getBrands = () => api.get<AdminBrands>('/admin/catalogue/brands');

export const useCategories = () =>
  useQuery(queryOptions({ queryKey: structureKeys.categories, queryFn: getCategories }));
export const useClasses = () =>
  useQuery(queryOptions({ queryKey: structureKeys.classes, queryFn: getClasses }));
export const useBrands = () =>
  useQuery(queryOptions({ queryKey: structureKeys.brands, queryFn: getBrands }));
