// Mantine's Select of string values as a module of its own: its Combobox and options dropdown
// load after the page that shows it, not with it.
import { Select } from '@mantine/core';

const StringSelect: typeof Select<string> = Select;
export default StringSelect;
