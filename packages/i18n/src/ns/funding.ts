// The "funding" namespace in all 7 locales (files: locales/<lang>/funding.json).
import zh from '../../locales/zh/funding.json' with { type: 'json' };
import en from '../../locales/en/funding.json' with { type: 'json' };
import hk from '../../locales/hk/funding.json' with { type: 'json' };
import jp from '../../locales/jp/funding.json' with { type: 'json' };
import kor from '../../locales/kor/funding.json' with { type: 'json' };
import th from '../../locales/th/funding.json' with { type: 'json' };
import ind from '../../locales/ind/funding.json' with { type: 'json' };

export default { zh, en, hk, jp, kor, th, ind };
