import { createElement, lazy, type ComponentProps, type ComponentType } from 'react'

/**
 * React.lazy, plus `preload()`, and no suspending once the code is in. boot.ts fetches the first screen's code
 * before the first render; a plain lazy component would still suspend once on it, and every suspension costs a
 * render and a throttled reveal (React waits up to 300 ms before showing what was behind a fallback).
 */
// biome-ignore lint/suspicious/noExplicitAny: any page's props, as React.lazy takes them
export function lazyPage<M extends { default: ComponentType<any> }>(load: () => Promise<M>) {
  type P = ComponentProps<M['default']>
  let loaded: ComponentType<P> | undefined
  let loading: Promise<M> | undefined
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (err) => {
        loading = undefined // the next render asks again (a flaky network, a new deployment)
        throw err
      },
    )
    return loading
  }
  const Lazy = lazy(preload)
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, like React.lazy
  const Page = (props: P) => createElement(loaded ?? Lazy, props)
  return Object.assign(Page, { preload })
}
