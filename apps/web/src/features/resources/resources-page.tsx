import { PageHeader } from '../../ui/index.ts';

/** Placeholder screen. */
export function ResourcesPage() {
  return (
    <div className="flex flex-col gap-6 px-4 py-6 sm:px-8">
      <PageHeader title="Saved Resources" />
    </div>
  );
}
