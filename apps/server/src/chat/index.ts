export {
  createResourceService,
  type ResourcePage,
  type ResourceService,
  type StoreResourceInput,
} from './resources.ts';
