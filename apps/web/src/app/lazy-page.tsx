import { lazy, type ComponentType } from 'react';

export interface LazyPage {
  /** Renders the page, suspending only while its code is still on its way. */
  Page: ComponentType;
  /** Fetches the page's code; once resolved, Page renders at once, without suspending. */
  preload(): Promise<void>;
}

/**
 * A page in its own chunk, like React.lazy, that can also be fetched ahead of rendering: the
 * first page of a visit is, so it does not go through a loading line first (React then holds a
 * revealed Suspense boundary back ~300 ms, which would push the largest contentful paint).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const loadOnce = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(loadOnce);
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, preload: () => loadOnce().then(() => undefined) };
}
