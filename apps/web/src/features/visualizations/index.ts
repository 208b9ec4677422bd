export type { BlockHeadingLevel } from './block-header.tsx';
export { BlockView, type BlockViewProps } from './block-view.tsx';
export { copyToClipboard } from './copy.ts';
export { Markup, type MarkupProps } from './markup/markup.tsx';
export {
  type VisualizationCardInfo,
  VisualizationView,
  type VisualizationViewProps,
} from './visualization-view.tsx';
