import { useId, type ReactNode } from 'react';
import { countries, orderBys, sellTypes, type MainCategory } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { withFilter, yearOptions, type BrowseFilters, type FilterKey } from './filters';

interface FilterBarProps {
  filters: BrowseFilters;
  categories: MainCategory[];
  onChange(next: BrowseFilters): void;
  /** 查看結果: the filters apply on change already, so it takes the reader to the results. */
  onShowResults(): void;
}

const THIS_YEAR = new Date().getFullYear();

function Field({
  name,
  label,
  value,
  allowAll = true,
  disabled = false,
  onChange,
  children,
}: {
  name: FilterKey;
  label: string;
  value: string | number | undefined;
  allowAll?: boolean;
  disabled?: boolean;
  onChange(key: FilterKey, value: string): void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="filter-bar__field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(name, event.target.value)}
      >
        {allowAll && <option value="">{t.browse.all}</option>}
        {children}
      </select>
    </div>
  );
}

/**
 * The six filters of SPEC §3; every change becomes a new URL at once. A form needs a submit
 * button (WCAG technique H32): here it moves focus to the results the filters already show.
 */
export function FilterBar({ filters, categories, onChange, onShowResults }: FilterBarProps) {
  const change = (key: FilterKey, value: string) => onChange(withFilter(filters, key, value));
  const main = categories.find((c) => c.mainCategoryId === filters.mainCategoryId);
  const subcategories = main?.subcategoryList.subcategory ?? [];

  return (
    <form
      className="filter-bar"
      aria-label={t.browse.filtersLabel}
      onSubmit={(event) => {
        event.preventDefault();
        onShowResults();
      }}
    >
      <Field
        name="mainCategoryId"
        label={t.browse.mainCategory}
        value={filters.mainCategoryId}
        onChange={change}
      >
        {categories.map((c) => (
          <option key={c.mainCategoryId} value={c.mainCategoryId}>
            {c.mainCategoryName}
          </option>
        ))}
        {/* Keep a category from the URL selectable before the menu has loaded. */}
        {!main && filters.mainCategoryId && (
          <option value={filters.mainCategoryId}>{filters.mainCategoryId}</option>
        )}
      </Field>
      <Field
        name="subcategoryId"
        label={t.browse.subcategory}
        value={filters.subcategoryId}
        disabled={!filters.mainCategoryId}
        onChange={change}
      >
        {subcategories.map((s) => (
          <option key={s.subcategoryId} value={s.subcategoryId}>
            {s.subcategoryName}
          </option>
        ))}
        {filters.subcategoryId &&
          !subcategories.some((s) => s.subcategoryId === filters.subcategoryId) && (
            <option value={filters.subcategoryId}>{filters.subcategoryId}</option>
          )}
      </Field>
      <Field name="year" label={t.browse.year} value={filters.year} onChange={change}>
        {yearOptions(Math.max(THIS_YEAR, filters.year ?? 0)).map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </Field>
      <Field name="country" label={t.browse.country} value={filters.country} onChange={change}>
        {countries.map((code) => (
          <option key={code} value={code}>
            {t.countries[code]}
          </option>
        ))}
      </Field>
      <Field name="sellType" label={t.browse.sellType} value={filters.sellType} onChange={change}>
        {sellTypes.map((type) => (
          <option key={type} value={type}>
            {t.sellTypes[type]}
          </option>
        ))}
      </Field>
      <Field
        name="orderBy"
        label={t.browse.orderBy}
        value={filters.orderBy}
        allowAll={false}
        onChange={change}
      >
        {orderBys.map((order) => (
          <option key={order} value={order}>
            {t.orderBys[order]}
          </option>
        ))}
      </Field>
      <button type="submit" className="button filter-bar__submit">
        {t.browse.showResults}
      </button>
    </form>
  );
}
