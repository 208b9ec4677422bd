export type { ResultObject } from './use-save-result.ts';
export { VisualizationPanel, type VisualizationPanelProps } from './visualization-panel.tsx';
