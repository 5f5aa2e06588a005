// The display helpers live in shared/lib/display-decimal; this path stays for the pages still importing it.
export {
  changeSign,
  compareDecimal,
  convertDecimal,
  formatChange,
  formatDecimal,
  formatGrouped,
  groupDigits,
} from '../lib/display-decimal';
