import { libConfig } from '../../../vite.lib.mts';

export default libConfig(import.meta.dirname);
