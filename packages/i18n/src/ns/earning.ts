// The "earning" namespace in all 7 locales (files: locales/<lang>/earning.json).
import zh from '../../locales/zh/earning.json' with { type: 'json' };
import en from '../../locales/en/earning.json' with { type: 'json' };
import hk from '../../locales/hk/earning.json' with { type: 'json' };
import jp from '../../locales/jp/earning.json' with { type: 'json' };
import kor from '../../locales/kor/earning.json' with { type: 'json' };
import th from '../../locales/th/earning.json' with { type: 'json' };
import ind from '../../locales/ind/earning.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
